import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { filesUploadedProgress } from '@portal/contracts';

/** The progress circle of a large upload (20 files or more): 'N out of M files uploaded'. */
export const UploadProgressCircle = ({ done, total }: { done: number; total: number }) => (
  <Box
    data-testid="provider-upload-progress"
    role="status"
    sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 3 }}
  >
    <CircularProgress
      variant="determinate"
      value={total ? (done / total) * 100 : 0}
      size={64}
      aria-label={filesUploadedProgress(done, total)}
    />
    <Typography data-testid="provider-upload-progress-text">{filesUploadedProgress(done, total)}</Typography>
  </Box>
);
