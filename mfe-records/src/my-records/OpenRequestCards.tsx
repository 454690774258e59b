import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { EMAIL_FACILITY_STATUS } from '@portal/contracts';
import { StatusTag } from '@portal/ui';
import { EmailFacilityButton } from './EmailFacilityButton';
import { PayFeeButton } from './PayFeeButton';
import { activate } from './RecordCard';
import { reviewPath, shortDate, type OpenRequest } from './view';

/** Open-request cards (records spec §2.3, §9): at most 4 a row, 285 px plus a 21 px gap; one or two cards take half the row each. */
export const CARD_WIDTH = 285;
export const CARD_GAP = 21;
export const CARDS_PER_ROW = 4;

export const OpenRequestCards = ({ requests }: { requests: OpenRequest[] }) => {
  const navigate = useNavigate();
  const half = requests.length <= 2;
  return (
    <Box
      data-testid="open-request-cards"
      sx={{
        display: 'grid',
        gap: `${CARD_GAP}px`,
        gridTemplateColumns: half
          ? { xs: '1fr', sm: 'repeat(2, 1fr)' }
          : { xs: '1fr', sm: `repeat(auto-fill, ${CARD_WIDTH}px)` },
        maxWidth: half ? undefined : CARDS_PER_ROW * CARD_WIDTH + (CARDS_PER_ROW - 1) * CARD_GAP,
      }}
    >
      {requests.map((r) => {
        const go = () => void navigate(reviewPath(r.patientRequestId));
        return (
          <Card
            key={r.patientRequestId}
            variant="outlined"
            data-testid="open-request-card"
            aria-label={`Request to ${r.facilityName}`}
            sx={{ cursor: 'pointer', display: 'flex', flexDirection: 'column' }}
            {...activate(go)}
          >
            <CardContent sx={{ flex: 1 }}>
              <Typography component="h3" variant="subtitle1">
                {r.facilityName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {shortDate(r.created)}
              </Typography>
              <Typography variant="body2">{r.requestTypes.join(', ')}</Typography>
              {r.study && (
                <Typography variant="body2" color="text.secondary" data-testid="open-request-study">
                  {r.study}
                </Typography>
              )}
              <Box sx={{ mt: 1 }}>
                <StatusTag status={r.status} />
              </Box>
            </CardContent>
            <CardActions sx={{ flexWrap: 'wrap', gap: 1 }} onKeyDown={(e) => e.stopPropagation()}>
              <Button
                size="small"
                variant="contained"
                data-testid="view-request-status"
                onClick={(e) => {
                  e.stopPropagation();
                  void go();
                }}
              >
                View request status
              </Button>
              {r.status === EMAIL_FACILITY_STATUS ? (
                <EmailFacilityButton patientRequestId={r.patientRequestId} facilityName={r.facilityName} />
              ) : null}
              <PayFeeButton
                patientRequestId={r.patientRequestId}
                facilityName={r.facilityName}
                status={r.status}
              />
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
};

/** The strip above the tabs: the first row of open-request cards, a View all link, then a divider. */
export const OpenRequestStrip = ({ requests, viewAllTo }: { requests: OpenRequest[]; viewAllTo: string }) => (
  <Box
    component="section"
    aria-labelledby="open-requests-heading"
    data-testid="open-requests-strip"
    sx={{ mb: 2 }}
  >
    <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
      <Typography id="open-requests-heading" component="h2" variant="h6">
        Open Requests
      </Typography>
      <Link component={RouterLink} to={viewAllTo} data-testid="open-requests-view-all">
        View all
      </Link>
    </Box>
    <OpenRequestCards requests={requests.slice(0, CARDS_PER_ROW)} />
    <Divider sx={{ mt: 2 }} />
  </Box>
);
