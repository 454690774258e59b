import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  appLastRead,
  revokeAppConfirm,
  scopeInPlainWords,
  type ConnectedApp,
  type ConnectedAppReads,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { ConfirmDialog, EmptyState, PageFrame, useErrorToast, useToast } from '@portal/ui';
import { formatDay, formatDayTime } from '../components/when';
import { useGetAppReadsQuery, useGetConnectedAppsQuery, useRevokeAppMutation } from './connected-apps.api';

/** 'ImagingStudy ×3, Patient ×1': what an app read, most read first. */
export const readsSummary = (reads: ConnectedAppReads['reads']): string =>
  [...reads]
    .sort((a, b) => b.count - a.count || a.resourceType.localeCompare(b.resourceType))
    .map((r) => `${r.resourceType} ×${r.count}`)
    .join(', ');

/** One card's facts: the app and, once records answered, what it read (null while unknown). */
export interface AppRow {
  app: ConnectedApp;
  reads: ConnectedAppReads | null;
}

/** Auth's apps joined with records' reads by authorization id; an app records has not seen read nothing. */
export const joinReads = (
  apps: readonly ConnectedApp[],
  reads: readonly ConnectedAppReads[] | undefined,
): AppRow[] =>
  apps.map((app) => ({
    app,
    reads: reads
      ? (reads.find((r) => r.authorizationId === app.authorizationId) ?? {
          authorizationId: app.authorizationId,
          lastReadAt: null,
          reads: [],
        })
      : null,
  }));

const ReadsLines = ({ reads, failed }: { reads: ConnectedAppReads | null; failed: boolean }) => {
  if (!reads)
    return failed ? (
      <Typography variant="body2" color="text.secondary" data-testid="connected-app-last-read">
        {MESSAGES.appReadsUnavailable}
      </Typography>
    ) : null;
  const summary = readsSummary(reads.reads);
  return (
    <>
      <Typography variant="body2" data-testid="connected-app-last-read">
        {reads.lastReadAt ? appLastRead(formatDayTime(reads.lastReadAt)) : MESSAGES.appNotReadYet}
      </Typography>
      {summary ? (
        <Typography variant="body2" color="text.secondary" data-testid="connected-app-reads">
          Read: {summary}
        </Typography>
      ) : null}
    </>
  );
};

const AppCard = ({
  row,
  readsFailed,
  onRevoke,
}: {
  row: AppRow;
  readsFailed: boolean;
  onRevoke: () => void;
}) => {
  const { app } = row;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`connected-app-${app.authorizationId}-name`}
      data-testid={`connected-app-${app.authorizationId}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'grid', gap: 1 }}>
        <div>
          <Typography component="h2" variant="h6" id={`connected-app-${app.authorizationId}-name`}>
            {app.clientName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {app.clientOrigin}
          </Typography>
        </div>
        <Typography variant="body2" data-testid="connected-app-granted">
          Connected on {formatDay(app.grantedAt)}
        </Typography>
        <div>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            It may
          </Typography>
          <Typography
            component="ul"
            variant="body2"
            sx={{ m: 0, pl: 2.5 }}
            data-testid="connected-app-scopes"
          >
            {/* Two scopes can have the same words (openid, fhirUser): each line once. */}
            {[...new Set(app.scopes.map(scopeInPlainWords))].map((words) => (
              <li key={words}>{words}</li>
            ))}
          </Typography>
        </div>
        {app.offline ? (
          <Typography variant="body2" color="text.secondary" data-testid="connected-app-offline">
            {MESSAGES.appOffline}
          </Typography>
        ) : null}
        <ReadsLines reads={row.reads} failed={readsFailed} />
      </CardContent>
      <CardActions>
        <Button
          color="error"
          variant="outlined"
          onClick={onRevoke}
          aria-label={`Revoke ${app.clientName}`}
          data-testid="connected-app-revoke"
        >
          Revoke
        </Button>
      </CardActions>
    </Card>
  );
};

/**
 * Connected apps (issue 29): each app the patient let read their records, with what it may read, when it
 * last read and what, and Revoke (asked first); the cards stack on a phone.
 */
const ConnectedAppsScreen = () => {
  const toast = useToast();
  const apps = useGetConnectedAppsQuery();
  const reads = useGetAppReadsQuery();
  const [revokeApp, revokeState] = useRevokeAppMutation();
  // The app asked about stays named while the dialog closes (its exit transition).
  const [asked, setAsked] = useState<{ app: ConnectedApp; open: boolean } | null>(null);
  const close = () => setAsked((a) => (a ? { ...a, open: false } : a));
  useErrorToast(apps.error);
  useErrorToast(reads.error);

  const revoke = async (app: ConnectedApp) => {
    try {
      await revokeApp(app.authorizationId).unwrap();
      toast.success(MESSAGES.appRevoked, 'revoke-app');
    } catch (e) {
      toast.error(queryError(e).message, 'revoke-app');
    }
    close();
  };

  const rows = joinReads(apps.data ?? [], reads.data);
  return (
    <PageFrame title="Connected apps" testId="connected-apps">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {MESSAGES.connectedAppsIntro}
      </Typography>
      {apps.isLoading ? <LinearProgress aria-label={MESSAGES.loading} /> : null}
      {apps.isSuccess && rows.length === 0 ? (
        <EmptyState text={MESSAGES.noConnectedApps} testId="connected-apps-empty">
          <Typography variant="body2">{MESSAGES.connectedAppsHow}</Typography>
        </EmptyState>
      ) : null}
      {rows.length ? (
        <Grid container spacing={2} data-testid="connected-apps-list">
          {rows.map((row) => (
            <Grid key={row.app.authorizationId} size={{ xs: 12, md: 6 }}>
              <AppCard
                row={row}
                readsFailed={reads.isError}
                onRevoke={() => setAsked({ app: row.app, open: true })}
              />
            </Grid>
          ))}
        </Grid>
      ) : null}
      <ConfirmDialog
        open={Boolean(asked?.open)}
        title="Revoke access"
        text={asked ? revokeAppConfirm(asked.app.clientName) : ''}
        confirmLabel="Revoke"
        busy={revokeState.isLoading}
        onConfirm={() => asked && void revoke(asked.app)}
        onCancel={close}
        testId="connected-app-revoke-dialog"
      />
    </PageFrame>
  );
};

export default ConnectedAppsScreen;
