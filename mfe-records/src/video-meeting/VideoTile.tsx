import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One person's video with their name; the local one is muted (no echo) and mirrored like a mirror. */
export const VideoTile = ({
  stream,
  label,
  local = false,
  testId,
}: {
  stream: MediaStream | null;
  label: string;
  local?: boolean;
  testId: string;
}) => {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <Box
      sx={{
        position: 'relative',
        bgcolor: 'grey.900',
        borderRadius: 2,
        overflow: 'hidden',
        aspectRatio: '4 / 3',
        width: '100%',
      }}
    >
      <video
        ref={ref}
        data-testid={testId}
        autoPlay
        playsInline
        muted={local}
        aria-label={label}
        style={{
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          transform: local ? 'scaleX(-1)' : undefined,
        }}
      />
      <Typography
        variant="body2"
        sx={{
          position: 'absolute',
          left: 8,
          bottom: 8,
          px: 1,
          borderRadius: 1,
          color: 'common.white',
          bgcolor: 'rgba(0,0,0,0.6)',
        }}
      >
        {label}
      </Typography>
    </Box>
  );
};
