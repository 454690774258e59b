import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { apiUrl, queryError } from '@portal/api';
import { PageLoading } from '@portal/ui';
import { useGetCustodianDetailsQuery } from '../facility/facility.api';
import { stepPath } from '../wizard/routing';

/** Our own words: the wizard embedded on a site the facility has not allowlisted (or the portal cannot be reached from it). */
export const EMBED_BLOCKED_TITLE = 'The request form cannot open on this website';
export const EMBED_BLOCKED_TEXT =
  'This facility has not enabled its records request form here. You can make the same request on the Patient Portal.';

/**
 * The embedded wizard opens only once the portal answered for its facility. A site outside the
 * facility's allowlist gets no CORS answer at all (the browser reports a failed fetch, status 0): one
 * message with a link to the same wizard on the portal, not the wizard's error toasts over an empty
 * form. Another refusal (an unknown facility) shows the portal's own message.
 */
export const EmbedGate = ({ facility, children }: { facility: string; children: React.ReactNode }) => {
  const details = useGetCustodianDetailsQuery(facility);
  if (details.isLoading) return <PageLoading />;
  if (!details.isError) return <>{children}</>;
  const { status, message } = queryError(details.error);
  const blocked = status === 0;
  return (
    <Box
      role="alert"
      data-testid="embed-blocked"
      sx={{ p: 3, display: 'grid', gap: 1.5, justifyItems: 'start' }}
    >
      <Typography component="h2" variant="h6">
        {blocked ? EMBED_BLOCKED_TITLE : message}
      </Typography>
      {blocked ? <Typography>{EMBED_BLOCKED_TEXT}</Typography> : null}
      <Button
        variant="contained"
        href={apiUrl(stepPath('external', 'consent', facility))}
        target="_blank"
        rel="noopener"
        data-testid="embed-open-portal"
      >
        Open the request form on the Patient Portal
      </Button>
    </Box>
  );
};
