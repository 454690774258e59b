import { PROVIDER_UPLOAD_BATCH } from '@portal/contracts';

/** The items in consecutive batches of at most `size` (provider uploads go up 20 files at a time). */
export const batches = <T>(items: readonly T[], size: number = PROVIDER_UPLOAD_BATCH): T[][] => {
  if (size < 1) throw new RangeError('batch size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
