import { forwardRef, useImperativeHandle, useRef, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

export interface SignaturePadHandle {
  /** The drawing redrawn at half size as a PNG data URL, or null when nothing was drawn (an empty canvas is discarded). */
  toDataUrl: () => string | null;
  clear: () => void;
}

/** A canvas to sign on with a finger, pen or mouse. */
export const SignaturePad = forwardRef<
  SignaturePadHandle,
  { testId: string; width?: number; height?: number; onChange?: (drawn: boolean) => void }
>(({ testId, width = 600, height = 200, onChange }, ref) => {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    // The canvas is drawn at its own size whatever its CSS width.
    return {
      x: ((e.clientX - r.left) * width) / (r.width || width),
      y: ((e.clientY - r.top) * height) / (r.height || height),
    };
  };
  const line = (to: { x: number; y: number }) => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !last.current) return;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#111';
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    last.current = to;
    if (!drawn.current) {
      drawn.current = true;
      onChange?.(true);
    }
  };
  useImperativeHandle(ref, () => ({
    toDataUrl: () => {
      if (!drawn.current || !canvas.current) return null;
      const half = document.createElement('canvas');
      half.width = Math.round(width / 2);
      half.height = Math.round(height / 2);
      const ctx = half.getContext('2d');
      if (!ctx) return null;
      ctx.drawImage(canvas.current, 0, 0, half.width, half.height);
      return half.toDataURL('image/png');
    },
    clear: () => {
      canvas.current?.getContext('2d')?.clearRect(0, 0, width, height);
      drawn.current = false;
      onChange?.(false);
    },
  }));
  return (
    <Box>
      <Box
        component="canvas"
        ref={canvas}
        width={width}
        height={height}
        data-testid={testId}
        aria-label="Signature: draw your signature here"
        role="img"
        onPointerDown={(e: PointerEvent<HTMLCanvasElement>) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          last.current = point(e);
        }}
        onPointerMove={(e: PointerEvent<HTMLCanvasElement>) => last.current && line(point(e))}
        onPointerUp={() => (last.current = null)}
        onPointerLeave={() => (last.current = null)}
        sx={{
          width: '100%',
          maxWidth: width,
          aspectRatio: `${width} / ${height}`,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          touchAction: 'none',
          bgcolor: '#fff',
          display: 'block',
        }}
      />
      <Button
        size="small"
        onClick={() => {
          canvas.current?.getContext('2d')?.clearRect(0, 0, width, height);
          drawn.current = false;
          onChange?.(false);
        }}
        data-testid={`${testId}-clear`}
      >
        Clear
      </Button>
    </Box>
  );
});
SignaturePad.displayName = 'SignaturePad';
