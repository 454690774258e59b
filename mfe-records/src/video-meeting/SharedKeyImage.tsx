import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { KEY_IMAGE_MIN_ZOOM } from '@portal/contracts';
import type { KeyImageView } from './key-image-sync';
import type { SharedImage } from './use-shared-key-images';

export interface SharedKeyImageProps {
  images: SharedImage[];
  view: KeyImageView;
  /** Shown while there is nothing to show yet. */
  emptyText: string;
  onPrevious: () => void;
  onNext: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
}

/** The key image both sides of the call see, with the controls that move both. */
export const SharedKeyImage = ({
  images,
  view,
  emptyText,
  onPrevious,
  onNext,
  onZoomIn,
  onZoomOut,
}: SharedKeyImageProps) => {
  const image = images[view.index];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="shared-key-image">
      <Typography component="h2" variant="h6" gutterBottom>
        Key images
      </Typography>
      {!image ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <>
          <Box
            sx={{
              overflow: 'hidden',
              bgcolor: 'common.black',
              borderRadius: 1,
              aspectRatio: '1 / 1',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {image.url ? (
              <img
                src={image.url}
                alt={image.caption}
                data-testid="shared-key-image-img"
                data-zoom={view.zoom.toFixed(2)}
                style={{ maxWidth: '100%', maxHeight: '100%', transform: `scale(${view.zoom})` }}
              />
            ) : (
              <Typography color="grey.300">Loading image…</Typography>
            )}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="shared-key-image-caption">
            {image.caption} ({view.index + 1} of {images.length})
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <Button size="small" variant="outlined" onClick={onPrevious} disabled={images.length < 2}>
              Previous
            </Button>
            <Button
              size="small"
              variant="outlined"
              onClick={onNext}
              disabled={images.length < 2}
              data-testid="shared-key-image-next"
            >
              Next
            </Button>
            <Button size="small" variant="outlined" onClick={onZoomIn} data-testid="shared-key-image-zoom-in">
              Zoom in
            </Button>
            <Button
              size="small"
              variant="outlined"
              onClick={onZoomOut}
              disabled={view.zoom <= KEY_IMAGE_MIN_ZOOM}
            >
              Zoom out
            </Button>
          </Box>
        </>
      )}
    </Paper>
  );
};
