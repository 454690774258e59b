import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { KeyImage } from '@portal/contracts';
import { canZoomIn, canZoomOut, zoomIn, zoomOut } from '../scan-view';

export type KeyImageState =
  { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; message: string };

export interface KeyImageViewerProps {
  images: KeyImage[];
  index: number;
  onIndex: (index: number) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  /** The bytes of images[index]. */
  image: KeyImageState;
}

/** The key images of a finding, one at a time: previous and next, zoom ×1.2 per step and never below 1, a caption. */
export const KeyImageViewer = ({ images, index, onIndex, zoom, onZoom, image }: KeyImageViewerProps) => {
  const current = images[index];
  if (!current) return null;
  const caption = current.caption || `Key image ${index + 1}`;
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid="wbs-key-image-viewer">
      <Box
        sx={{
          position: 'relative',
          height: { xs: 260, sm: 360 },
          bgcolor: 'common.black',
          borderRadius: 1,
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {image.status === 'ready' ? (
          <Box
            component="img"
            src={image.url}
            alt={caption}
            data-testid="wbs-key-image"
            data-zoom={zoom.toFixed(4)}
            sx={{
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              transform: `scale(${zoom})`,
              transformOrigin: 'center',
              transition: 'transform 120ms ease-out',
            }}
          />
        ) : image.status === 'loading' ? (
          <CircularProgress aria-label="Loading the key image" sx={{ color: 'grey.300' }} />
        ) : (
          <Typography sx={{ color: 'grey.100' }} role="alert" data-testid="wbs-key-image-error">
            {image.message}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          mt: 1,
        }}
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button
            size="small"
            variant="outlined"
            disabled={index === 0}
            onClick={() => onIndex(index - 1)}
            data-testid="wbs-key-image-prev"
          >
            Previous
          </Button>
          <Typography
            component="span"
            variant="body2"
            aria-live="polite"
            data-testid="wbs-key-image-position"
          >
            {index + 1} of {images.length}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            disabled={index >= images.length - 1}
            onClick={() => onIndex(index + 1)}
            data-testid="wbs-key-image-next"
          >
            Next
          </Button>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', '& button': { minWidth: 40 } }}>
          <Button
            size="small"
            variant="outlined"
            aria-label="Zoom out"
            disabled={!canZoomOut(zoom)}
            onClick={() => onZoom(zoomOut(zoom))}
            data-testid="wbs-zoom-out"
          >
            −
          </Button>
          <Typography component="span" variant="body2" data-testid="wbs-zoom-level" aria-live="polite">
            {Math.round(zoom * 100)}%
          </Typography>
          <Button
            size="small"
            variant="outlined"
            aria-label="Zoom in"
            disabled={!canZoomIn(zoom)}
            onClick={() => onZoom(zoomIn(zoom))}
            data-testid="wbs-zoom-in"
          >
            +
          </Button>
        </Box>
      </Box>
      <Typography component="figcaption" variant="body2" sx={{ mt: 0.5 }} data-testid="wbs-key-image-caption">
        {caption}
      </Typography>
    </Box>
  );
};
