import { useMemo } from 'react';
import QRCode from 'qrcode';

/** The quiet zone around a QR code, in modules (ISO/IEC 18004 asks for 4). */
const QUIET = 4;

/** One SVG path of a QR code's dark modules, each a 1×1 square; `size` modules a side. */
export const qrPath = (text: string): { size: number; d: string } => {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  let d = '';
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) if (qr.modules.get(r, c)) d += `M${c} ${r}h1v1h-1z`;
  return { size, d };
};

/**
 * A QR code drawn as vector squares like the printed access page's (no canvas, sharp at any size);
 * loaded on demand, so the qrcode package is not part of the dialog's first load.
 */
const QrCode = ({
  text,
  label,
  testId,
  width = 200,
}: {
  text: string;
  label: string;
  testId: string;
  width?: number;
}) => {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  const side = size + 2 * QUIET;
  return (
    <svg
      viewBox={`${-QUIET} ${-QUIET} ${side} ${side}`}
      width={width}
      height={width}
      role="img"
      aria-label={label}
      data-testid={testId}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET} y={-QUIET} width={side} height={side} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
};

export default QrCode;
