import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { docRequestTypeName, type ProviderRecord } from '@portal/contracts';
import { usDate } from '../data-requests/due';
import { recordDetailsPath } from '../paths';
import { CARD_GAP, CARD_MIN_WIDTH, patientOf } from './records-view';
import { StarButton } from './StarButton';

/** One record as a card: name, type and body part, patient, exam date, facility; star and View. */
export const RecordCard = ({
  record: r,
  starred,
  onStar,
  testId,
}: {
  record: ProviderRecord;
  starred: boolean;
  onStar: () => void;
  testId: string;
}) => (
  <Card
    variant="outlined"
    data-testid={testId}
    data-record-id={r.id}
    sx={{ display: 'flex', flexDirection: 'column' }}
  >
    <CardContent sx={{ flex: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ wordBreak: 'break-word' }}>
          {r.record_name}
        </Typography>
        <StarButton starred={starred} name={r.record_name} onToggle={onStar} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {[docRequestTypeName(r.record_type), r.body_part].filter(Boolean).join(' · ')}
      </Typography>
      <Typography variant="body2">{patientOf(r)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {[usDate(r.exam_date), r.facility.name].filter(Boolean).join(' · ')}
      </Typography>
    </CardContent>
    <CardActions>
      <Button
        component={RouterLink}
        to={recordDetailsPath(r.patientRequestId, r.id)}
        size="small"
        data-testid="provider-record-view"
        aria-label={`View ${r.record_name}`}
      >
        View
      </Button>
    </CardActions>
  </Card>
);

/** Cards in a grid that wraps: four columns on a desktop, fewer on narrower screens. */
export const CardRow = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Box
    data-testid={testId}
    sx={{
      display: 'grid',
      gap: `${CARD_GAP}px`,
      gridTemplateColumns: `repeat(auto-fill, minmax(${CARD_MIN_WIDTH}px, 1fr))`,
    }}
  >
    {children}
  </Box>
);
