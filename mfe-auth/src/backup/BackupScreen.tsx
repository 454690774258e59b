import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, backupChangesSince, type BackupStatus } from '@portal/contracts';
import { queryError } from '@portal/api';
import { PageFrame, useErrorToast, useToast } from '@portal/ui';
import { formatDayTime } from '../components/when';
import { browserNavigation } from '../components/browser-navigation';
import {
  backupApi,
  useDownloadBackupFileMutation,
  useGetBackupQuery,
  useStartBackupMutation,
} from './backup.api';

/** How often the page asks again while a backup is being prepared. */
export const BACKUP_POLL_MS = 2000;

type BackupFile = BackupStatus['files'][number];

const Files = ({ backup }: { backup: BackupStatus }) => {
  const toast = useToast();
  const [download] = useDownloadBackupFileMutation();
  const [saving, setSaving] = useState<string | null>(null);
  const save = async (file: BackupFile) => {
    setSaving(file.type);
    try {
      await download({ url: file.url, fileName: `${file.type}.ndjson` }).unwrap();
    } catch (e) {
      toast.error(queryError(e).message, 'backup-download');
    }
    setSaving(null);
  };
  if (!backup.files.length)
    return (
      <Typography variant="body2" data-testid="backup-no-files">
        {MESSAGES.backupNoChanges}
      </Typography>
    );
  return (
    <List dense disablePadding data-testid="backup-files">
      {backup.files.map((file) => (
        <ListItem key={file.type} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
          <ListItemText
            primary={file.type}
            secondary={`${file.count} ${file.count === 1 ? 'record' : 'records'} · ${file.type}.ndjson`}
          />
          <Button
            size="small"
            variant="outlined"
            onClick={() => void save(file)}
            disabled={saving !== null}
            aria-label={`Download ${file.type}`}
            data-testid={`backup-file-${file.type}`}
          >
            {saving === file.type ? 'Downloading…' : 'Download'}
          </Button>
        </ListItem>
      ))}
    </List>
  );
};

/**
 * The images of a completed backup as DICOM zips, streamed by imaging. Each link holds a token of 10
 * minutes, so the status is read again just before following one: a page left open still downloads.
 */
const Images = ({
  backup,
  refresh,
}: {
  backup: BackupStatus;
  refresh: () => Promise<BackupStatus | undefined>;
}) => {
  if (!backup.images.length) return null;
  const follow = async (index: number) => {
    const fresh = (await refresh())?.images[index] ?? backup.images[index];
    browserNavigation.assign(fresh.url);
  };
  return (
    <List dense disablePadding data-testid="backup-image-zips">
      {backup.images.map((zip, index) => (
        <ListItem key={zip.url} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
          <ListItemText
            primary={
              backup.images.length > 1 ? `Images, part ${index + 1} of ${backup.images.length}` : 'Images'
            }
            secondary={`${zip.studies} ${zip.studies === 1 ? 'study' : 'studies'} · DICOM zip`}
          />
          <Button
            size="small"
            variant="outlined"
            onClick={() => void follow(index)}
            aria-label={`Download images${backup.images.length > 1 ? `, part ${index + 1}` : ''}`}
            data-testid={`backup-images-${index + 1}`}
          >
            Download
          </Button>
        </ListItem>
      ))}
    </List>
  );
};

/** Where the last backup stands: nothing yet, being prepared, its files, or why it failed. */
const Status = ({
  backup,
  refresh,
}: {
  backup: BackupStatus;
  refresh: () => Promise<BackupStatus | undefined>;
}) => {
  switch (backup.state) {
    case 'none':
      return <Typography variant="body2">{MESSAGES.backupNone}</Typography>;
    case 'in-progress':
      return (
        <Stack spacing={1} role="status">
          <Typography variant="body2">{MESSAGES.backupInProgress}</Typography>
          <LinearProgress aria-label={MESSAGES.backupInProgress} />
          {backup.startedAt ? (
            <Typography variant="caption" color="text.secondary">
              Started {formatDayTime(backup.startedAt)}
            </Typography>
          ) : null}
        </Stack>
      );
    case 'failed':
      return (
        <Alert severity="error" data-testid="backup-error">
          {backup.error || MESSAGES.backupFailed}
        </Alert>
      );
    case 'completed':
      return (
        <Stack spacing={1}>
          <Typography variant="body2" data-testid="backup-completed">
            Completed {formatDayTime(backup.completedAt)}
            {' · '}
            {backup.since ? backupChangesSince(formatDayTime(backup.since)) : 'All of your records'}
          </Typography>
          <Files backup={backup} />
          <Images backup={backup} refresh={refresh} />
        </Stack>
      );
  }
};

/**
 * Download everything (issue 29): the patient's whole record as FHIR NDJSON files (a Bulk Data export
 * the records context runs) and the images as DICOM zips, the full set or the changes since the last backup. While one is being
 * prepared the page asks every 2 s; each file downloads with the patient's token.
 */
const BackupScreen = () => {
  const toast = useToast();
  // The last answer decides whether to keep asking: every 2 s while the backup is being prepared.
  const last = backupApi.endpoints.getBackup.useQueryState(undefined);
  const preparing = last.data?.state === 'in-progress';
  const backup = useGetBackupQuery(undefined, { pollingInterval: preparing ? BACKUP_POLL_MS : 0 });
  const [start, startState] = useStartBackupMutation();
  useErrorToast(backup.error);

  const begin = async (full: boolean) => {
    try {
      await start({ full }).unwrap();
    } catch (e) {
      toast.error(queryError(e).message, 'backup-start');
    }
  };

  const busy = preparing || startState.isLoading || backup.isLoading;
  return (
    <PageFrame title="Download everything" testId="backup">
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        <Typography variant="body1">{MESSAGES.backupIntro}</Typography>
        <Alert severity="info" data-testid="backup-images">
          {MESSAGES.backupImagesNote}
        </Alert>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 } }}
          data-testid="backup-status"
          data-state={backup.data?.state ?? 'loading'}
        >
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            Your last backup
          </Typography>
          {backup.data ? (
            <Status backup={backup.data} refresh={async () => (await backup.refetch()).data} />
          ) : backup.isLoading ? (
            <LinearProgress aria-label={MESSAGES.loading} />
          ) : null}
        </Paper>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button
            variant="contained"
            onClick={() => void begin(true)}
            disabled={busy}
            data-testid="backup-start"
          >
            Download everything
          </Button>
          {backup.data?.state === 'completed' ? (
            <Button
              variant="outlined"
              onClick={() => void begin(false)}
              disabled={busy}
              data-testid="backup-incremental"
            >
              Download changes since last backup
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </PageFrame>
  );
};

export default BackupScreen;
