import { PROVIDER_UPLOAD_BATCH } from '@portal/contracts';
import { batches } from './batching';

describe('upload batches', () => {
  it('cuts 45 files into 20, 20 and 5, in order', () => {
    const files = Array.from({ length: 45 }, (_, i) => i);
    const cut = batches(files);
    expect(cut.map((b) => b.length)).toEqual([PROVIDER_UPLOAD_BATCH, PROVIDER_UPLOAD_BATCH, 5]);
    expect(cut.flat()).toEqual(files);
  });

  it('keeps a small selection in one batch and an empty one in none', () => {
    expect(batches([1, 2, 3])).toEqual([[1, 2, 3]]);
    expect(batches([])).toEqual([]);
    expect(batches(Array.from({ length: 20 }, (_, i) => i))).toHaveLength(1);
  });

  it('refuses a batch size below one', () => {
    expect(() => batches([1], 0)).toThrow(RangeError);
  });
});
