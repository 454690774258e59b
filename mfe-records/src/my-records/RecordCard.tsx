import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { LibraryGridRow } from '@portal/contracts';
import { StatusTag } from '@portal/ui';
import { Thumbnail } from '../thumbnails/Thumbnail';
import { RecordActions, StarButton, type RowContext } from './RecordParts';
import { facilityOf, shortDate } from './view';

/** Opens on click, Enter or Space (the card is a link to what it shows; a table row keeps its row role). */
export const activate = (go: () => void, role: 'link' | undefined = 'link') => ({
  role,
  tabIndex: 0,
  onClick: go,
  onKeyDown: (e: {
    key: string;
    preventDefault: () => void;
    target: EventTarget;
    currentTarget: EventTarget;
  }) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      go();
    }
  },
});

/**
 * One record as a card (records spec §2.3): the study's thumbnail, the title, the facility (or 'Self
 * Uploaded'), the date, the status, the star and the actions; the card opens the record.
 */
export const RecordCard = ({
  row,
  starred,
  onStar,
  ctx,
}: {
  row: LibraryGridRow;
  starred: boolean;
  onStar: () => void;
  ctx: RowContext;
}) => (
  <Card
    variant="outlined"
    data-testid={row.kind === 'study' ? 'study-card' : 'document-card'}
    data-record-id={row.id}
    aria-label={`Open ${row.recordName}`}
    {...activate(() => ctx.open(row))}
    sx={{
      display: 'flex',
      flexDirection: 'column',
      cursor: 'pointer',
      '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
    }}
  >
    <CardContent sx={{ flex: 1, display: 'flex', gap: 1.5 }}>
      {row.kind === 'study' ? (
        <Thumbnail studyInstanceUid={row.study_instance_uid} modality={row.modality} label={row.recordName} />
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <Typography
            component="h3"
            variant="subtitle1"
            data-testid="record-name"
            sx={{ wordBreak: 'break-word' }}
          >
            {row.recordName}
          </Typography>
          <StarButton starred={starred} name={row.recordName} onToggle={onStar} />
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="record-facility">
          {facilityOf(row)}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="record-date">
          {shortDate(row.date)}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <StatusTag status={row.status} />
        </Box>
      </Box>
    </CardContent>
    <CardActions>
      <RecordActions row={row} ctx={ctx} />
    </CardActions>
  </Card>
);

/** Cards that wrap: as many 285 px columns as fit (four on a desktop). */
export const CardList = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Box
    data-testid={testId}
    sx={{ display: 'grid', gap: '21px', gridTemplateColumns: 'repeat(auto-fill, minmax(285px, 1fr))' }}
  >
    {children}
  </Box>
);
