import type { DicomJsonDataset } from '@portal/contracts';
import {
  EXPLICIT_LITTLE,
  firstImageDrawnAhead,
  firstImageOf,
  firstImagePixels,
  showFirstImage,
} from './first-image';
import { receivedFrames } from './received-frames';
import type { SeriesStream } from './series-stream';

const tag = (vr: string, ...Value: unknown[]) => ({ vr, Value });
const ct = (over: DicomJsonDataset = {}): DicomJsonDataset => ({
  '00080018': tag('UI', '1.2.3.1'),
  '00080060': tag('CS', 'CT'),
  '00200013': tag('IS', 1),
  '00280002': tag('US', 1),
  '00280004': tag('CS', 'MONOCHROME2'),
  '00280010': tag('US', 1),
  '00280011': tag('US', 4),
  '00280030': tag('DS', 0.5, 0.5),
  '00280100': tag('US', 16),
  '00280101': tag('US', 16),
  '00280103': tag('US', 1),
  '00281050': tag('DS', 40),
  '00281051': tag('DS', 400),
  '00281052': tag('DS', -1024),
  '00281053': tag('DS', 1),
  ...over,
});
const frame = (values: number[], syntax = EXPLICIT_LITTLE) => ({
  pixelData: new Uint8Array(new Int16Array(values).buffer),
  transferSyntaxUid: syntax,
});
const grays = (rgba: Uint8ClampedArray) => Array.from(rgba.filter((_, i) => i % 4 === 0));

describe('the first image drawn before Cornerstone', () => {
  it("shows a CT's stored values through the rescale and the file's window, as HU", () => {
    // HU -1024 (air), -160 (window bottom), 40 (centre), 1000 (bone): stored = HU + 1024.
    const pixels = firstImagePixels(ct(), frame([0, 864, 1064, 2024]));
    expect(pixels).toMatchObject({ width: 4, height: 1, aspect: 1 });
    expect(grays(pixels!.rgba)).toEqual([0, 0, 128, 255]);
    expect(pixels!.rgba[3]).toBe(255);
  });

  it('inverts MONOCHROME1 and uses the frame range when the window is unusable (0\\0)', () => {
    const ds = ct({
      '00280004': tag('CS', 'MONOCHROME1'),
      '00281051': tag('DS', 0),
      '00281052': tag('DS', 0),
    });
    const [low, , high] = grays(firstImagePixels(ds, frame([100, 150, 200, 200]))!.rgba);
    expect([low, high]).toEqual([255, 0]);
  });

  it('draws a pixel as wide as its spacing says', () => {
    expect(firstImagePixels(ct({ '00280030': tag('DS', 0.5, 1) }), frame([0, 0, 0, 0]))!.aspect).toBe(2);
  });

  it('leaves to Cornerstone what it does not draw: compressed, colour, LUT sequences, PET, short frames', () => {
    const values = [0, 0, 0, 0];
    expect(firstImagePixels(ct(), frame(values, '1.2.840.10008.1.2.4.50'))).toBeNull();
    expect(firstImagePixels(ct({ '00280004': tag('CS', 'RGB') }), frame(values))).toBeNull();
    expect(firstImagePixels(ct({ '00283000': tag('SQ', {}) }), frame(values))).toBeNull();
    expect(firstImagePixels(ct({ '00080060': tag('CS', 'PT') }), frame(values))).toBeNull();
    expect(firstImagePixels(ct(), frame([0, 0, 0]))).toBeNull();
  });

  it("is the stack's first instance by instance number", () => {
    const second = ct({ '00080018': tag('UI', '9.2'), '00200013': tag('IS', 2) });
    const firstOne = ct({ '00080018': tag('UI', '9.1'), '00200013': tag('IS', 1) });
    expect(firstImageOf('1.2', '1.2.3', [second, firstOne], 'http://x')?.imageId).toBe(
      'wadors:http://x/api/dicomweb/studies/1.2/series/1.2.3/instances/9.1/frames/1',
    );
    expect(firstImageOf('1.2', '1.2.3', [], 'http://x')).toBeNull();
  });
});

describe('firstImageDrawnAhead', () => {
  const stored = (syntax: string, over: DicomJsonDataset = {}) =>
    ct({ '00020010': tag('UI', syntax), ...over });

  it('is true for a native grayscale series, whichever little endian or deflated syntax it was stored in', () => {
    for (const syntax of ['1.2.840.10008.1.2', EXPLICIT_LITTLE, '1.2.840.10008.1.2.1.99'])
      expect(firstImageDrawnAhead([stored(syntax)])).toBe(true);
  });

  it('is false where the page cannot draw the first image from its bytes, so that the server draws it', () => {
    expect(firstImageDrawnAhead([stored('1.2.840.10008.1.2.4.91')])).toBe(false); // JPEG 2000
    expect(firstImageDrawnAhead([stored('1.2.840.10008.1.2.5')])).toBe(false); // RLE
    expect(firstImageDrawnAhead([stored('1.2.840.10008.1.2.2')])).toBe(false); // big endian
    expect(firstImageDrawnAhead([stored(EXPLICIT_LITTLE, { '00280004': tag('CS', 'RGB') })])).toBe(false);
    expect(firstImageDrawnAhead([stored(EXPLICIT_LITTLE, { '00080060': tag('CS', 'PT') })])).toBe(false);
    expect(firstImageDrawnAhead([ct()])).toBe(false); // no syntax in the metadata
    expect(firstImageDrawnAhead([])).toBe(false);
  });

  it("decides by the stack's first instance (instance number)", () => {
    const second = stored('1.2.840.10008.1.2.4.50', { '00200013': tag('IS', 2) });
    expect(firstImageDrawnAhead([second, stored(EXPLICIT_LITTLE)])).toBe(true);
  });
});

describe('showFirstImage', () => {
  const first = 'wadors:http://localhost/api/dicomweb/studies/1.2/series/1.2.3/instances/1.2.3.1/frames/1';
  const other = first.replace('1.2.3.1', '1.2.3.9');
  let drawn: unknown[];
  beforeEach(() => {
    drawn = [];
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () =>
        ({
          putImageData: (...a: unknown[]) => drawn.push(['put', ...a]),
          drawImage: (...a: unknown[]) => drawn.push(['draw', a.slice(1)]),
          fillRect: () => undefined,
        }) as never,
    );
    global.ImageData = class {
      constructor(
        readonly data: Uint8ClampedArray,
        readonly width: number,
        readonly height: number,
      ) {}
    } as never;
  });
  afterEach(() => {
    jest.restoreAllMocks();
    receivedFrames.clear();
  });
  const element = () => {
    const el = document.createElement('div');
    Object.defineProperties(el, { clientWidth: { value: 400 }, clientHeight: { value: 200 } });
    return el;
  };
  /** A stream that brings the given frames, in order. */
  const streamOf =
    (...ids: string[]): SeriesStream =>
    async (onFrame) => {
      for (const id of ids) {
        receivedFrames.set(id, frame([0, 864, 1064, 2024]));
        onFrame(id);
      }
    };

  it("draws the stack's first frame over the viewport as soon as it arrives, fitted and centred", async () => {
    const el = element();
    const canvas = await showFirstImage(el, '1.2', '1.2.3', Promise.resolve([ct()]), streamOf(first));
    expect(canvas?.parentElement).toBe(el);
    expect(canvas?.dataset.testid).toBe('first-image');
    // 4 x 1 pixels in 400 x 200: 100 times, centred vertically.
    expect(drawn.find((d) => (d as unknown[])[0] === 'draw')).toEqual(['draw', [0, 50, 400, 100]]);
  });

  it('draws nothing when another frame comes first, or nothing comes in time', async () => {
    const series = Promise.resolve([ct()]);
    expect(await showFirstImage(element(), '1.2', '1.2.3', series, streamOf(other, first))).toBeNull();
    const silent: SeriesStream = () => new Promise(() => undefined);
    expect(await showFirstImage(element(), '1.2', '1.2.3', series, silent, 10)).toBeNull();
    const broken: SeriesStream = () => Promise.reject(new Error('closed'));
    expect(await showFirstImage(element(), '1.2', '1.2.3', series, broken)).toBeNull();
    const noMetadata = Promise.reject(new Error('403'));
    expect(await showFirstImage(element(), '1.2', '1.2.3', noMetadata, streamOf(first))).toBeNull();
    expect(drawn).toEqual([]);
  });

  it('gives a compressed series to Cornerstone as soon as its first frame arrives, without the metadata', async () => {
    const compressed: SeriesStream = async (onFrame) => {
      receivedFrames.set(first, frame([0, 0, 0, 0], '1.2.840.10008.1.2.4.90'));
      onFrame(first);
    };
    const never = new Promise<never>(() => undefined);
    expect(await showFirstImage(element(), '1.2', '1.2.3', never, compressed)).toBeNull();
    expect(drawn).toEqual([]);
  });
});
