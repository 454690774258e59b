import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';

/** The imaging viewer other remotes load with loadRemote('mfe_viewer/ImagingViewer'); a placeholder for now. */
const ImagingViewer = () => (
  <Box data-testid="imaging-viewer" sx={{ minHeight: 240, display: 'grid', placeItems: 'center', bgcolor: 'grey.900', color: 'grey.100', borderRadius: 1 }}>
    <Typography>{MESSAGES.noPreview}</Typography>
  </Box>
);

export default ImagingViewer;
