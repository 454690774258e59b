import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import type { SourceQuery } from './query-state';
import { answeredText } from './smart-fhir.rules';

/**
 * The in-progress banner (records spec §2.10): a live region, so the count of facilities that have
 * answered is read out as it grows. The count waits for initLoadGrid, which tells how many there are.
 */
export const QueryBanner = ({
  answered,
  total,
  known,
  onStop,
}: {
  answered: number;
  total: number;
  known: boolean;
  onStop: () => void;
}) => (
  <Alert
    severity="info"
    role="status"
    data-testid="smart-fhir-banner"
    icon={<CircularProgress size={20} aria-label="Searching" />}
    action={
      <Button color="inherit" size="small" onClick={onStop} data-testid="smart-fhir-stop">
        Stop
      </Button>
    }
    sx={{ mb: 2, alignItems: 'center' }}
  >
    <Typography variant="body2">{MESSAGES.smartFhirInProgress}</Typography>
    {known ? (
      <Typography variant="body2" color="text.secondary" data-testid="smart-fhir-answered">
        {answeredText(answered, total)}
      </Typography>
    ) : null}
  </Alert>
);

/** One line per source that failed, timed out or could not be checked: the facility and why. */
export const SourceErrors = ({ sources }: { sources: SourceQuery[] }) => {
  const failed = sources.flatMap((s) =>
    s.status.kind === 'failed' ? [{ ...s, message: s.status.message }] : [],
  );
  if (failed.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {failed.map(({ source, message }) => (
        <Alert
          key={source.identifier}
          severity="warning"
          data-testid="smart-fhir-source-error"
          data-facility-id={source.facility.id}
        >
          <strong>{source.facility.name}</strong>: {message}
        </Alert>
      ))}
    </Box>
  );
};
