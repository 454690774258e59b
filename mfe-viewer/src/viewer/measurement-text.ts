import type { MeasurementTool } from '@portal/contracts';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const fixed = (v: number) => v.toFixed(1);

/**
 * What a measurement reads, from the figures Cornerstone3D computed for it: a length in mm, an angle
 * in degrees, an ROI's mean, standard deviation and area (HU on CT, the modality's unit otherwise).
 * Without figures yet (the image is not drawn) it says so.
 */
export const measurementText = (tool: MeasurementTool, stats: Record<string, unknown>): string => {
  if (tool === 'Length') {
    const length = num(stats.length);
    return length === null
      ? 'Length: not measured yet'
      : `Length ${fixed(length)} ${String(stats.unit ?? 'mm')}`;
  }
  if (tool === 'Angle') {
    const angle = num(stats.angle);
    return angle === null ? 'Angle: not measured yet' : `Angle ${fixed(angle)}\u00B0`;
  }
  const [mean, sd, area] = [num(stats.mean), num(stats.stdDev), num(stats.area)];
  const name = tool === 'EllipticalROI' ? 'Ellipse' : 'Rectangle';
  if (mean === null || area === null) return `${name}: not measured yet`;
  const unit = String(stats.modalityUnit ?? '');
  return `${name}: mean ${fixed(mean)}${unit ? ` ${unit}` : ''}, SD ${fixed(sd ?? 0)}, area ${fixed(area)} ${String(stats.areaUnit ?? 'mm\u00B2')}`;
};
