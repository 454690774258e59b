import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';

/**
 * A report (a PDF, an image) in an embedded frame, for the patient's record view and the facility's
 * alike: `src` is the short-lived download URL once it is known (a frame sends no bearer token), null
 * while it is asked for; `failed` shows the spec's 'Unable to load file.'. Props only.
 */
export const DocumentFrame = ({
  src,
  title,
  failed,
}: {
  src: string | null;
  title: string;
  failed: boolean;
}) => {
  if (failed) {
    return (
      <Typography role="alert" color="error" data-testid="report-error" sx={{ py: 4, textAlign: 'center' }}>
        {MESSAGES.unableToLoadFile}
      </Typography>
    );
  }
  if (!src) return <LinearProgress aria-label="Loading report" />;
  return (
    <Box
      component="iframe"
      key={src}
      data-testid="report-frame"
      title={title}
      src={src}
      sx={{
        display: 'block',
        width: '100%',
        height: { xs: 480, md: 720 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    />
  );
};

/**
 * The choice of document above the frame when a record has several (the patient's Report tab and the
 * facility's alike): each by its file name and record type, the chosen one marked. Nothing for one. Props only.
 */
export const DocumentChoice = ({
  documents,
  chosenId,
  onChoose,
}: {
  documents: ReadonlyArray<{ id: string; fileName: string; typeName: string }>;
  chosenId?: string;
  onChoose: (id: string) => void;
}) =>
  documents.length > 1 ? (
    <List
      dense
      aria-label="Documents of this record"
      data-testid="report-list"
      sx={{ mb: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {documents.map((d) => (
        <ListItemButton
          key={d.id}
          selected={d.id === chosenId}
          aria-current={d.id === chosenId ? 'true' : undefined}
          onClick={() => onChoose(d.id)}
          data-testid="report-choice"
        >
          <ListItemText primary={d.fileName} secondary={d.typeName} sx={{ wordBreak: 'break-word' }} />
        </ListItemButton>
      ))}
    </List>
  ) : null;
