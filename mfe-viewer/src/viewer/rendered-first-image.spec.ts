import { VIEWER_TOKEN_HEADER, type DicomJsonDataset } from '@portal/contracts';
import { EXPLICIT_LITTLE } from './first-image';
import { renderedFirstImage, showFirstImageAhead } from './rendered-first-image';
import { receivedFrames } from './received-frames';
import type { SeriesStream } from './series-stream';

const tag = (vr: string, ...Value: unknown[]) => ({ vr, Value });
const JPEG_2000 = '1.2.840.10008.1.2.4.90';
const slice = (sop: string, number: number, syntax: string): DicomJsonDataset => ({
  '00020010': tag('UI', syntax),
  '00080018': tag('UI', sop),
  '00080060': tag('CS', 'MR'),
  '00200013': tag('IS', number),
  '00280004': tag('CS', 'MONOCHROME2'),
  '00280010': tag('US', 2),
  '00280011': tag('US', 2),
  '00280030': tag('DS', 1, 2),
  '00280100': tag('US', 16),
  '00280103': tag('US', 0),
});
const PNG_BASE64 = 'iVBORw0KGgo=';

describe('the first image as the server draws it', () => {
  let drawn: unknown[][];
  let fetchMock: jest.Mock;
  const answer = (status: number, body: unknown) =>
    ({ ok: status < 400, status, statusText: '', text: async () => JSON.stringify(body) }) as Response;
  const element = () => {
    const el = document.createElement('div');
    Object.defineProperties(el, { clientWidth: { value: 400 }, clientHeight: { value: 200 } });
    return el;
  };
  const nothing: SeriesStream = () => new Promise(() => undefined);

  beforeEach(() => {
    drawn = [];
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () =>
        ({
          putImageData: () => undefined,
          drawImage: (...a: unknown[]) => drawn.push(a),
          fillRect: () => undefined,
        }) as never,
    );
    global.ImageData = class {} as never;
    // jsdom decodes no images: the picture is 2 x 2, as the server drew it.
    HTMLImageElement.prototype.decode = jest.fn(async () => undefined);
    jest.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(2);
    jest.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(2);
    fetchMock = jest.fn(async () => answer(200, { data: PNG_BASE64 }));
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    jest.restoreAllMocks();
    receivedFrames.clear();
  });

  it("draws a compressed series' first instance (by instance number) as the instance image call answers, with the viewer token", async () => {
    const el = element();
    const series = [slice('1.9', 2, JPEG_2000), slice('1.1', 1, JPEG_2000)];
    const canvas = await showFirstImageAhead(el, 's1', 'r1', Promise.resolve(series), nothing, 'tok-a');
    expect(canvas?.parentElement).toBe(el);
    expect(canvas?.dataset.testid).toBe('first-image');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/imaging/viewer/studies/s1/series/r1/instances/1.1/frames/1');
    expect(init.headers).toMatchObject({ [VIEWER_TOKEN_HEADER]: 'tok-a' });
    const [picture, ...box] = drawn[0];
    expect((picture as HTMLImageElement).src).toBe(`data:image/png;base64,${PNG_BASE64}`);
    // Pixels twice as wide as tall (spacing 1\2): 4 x 2 in 400 x 200, so 100 times.
    expect(box).toEqual([0, 0, 400, 200]);
  });

  it('leaves a native grayscale series to its bytes: the server is not asked', async () => {
    const first = 'wadors:http://localhost/api/dicomweb/studies/s2/series/r2/instances/2.1/frames/1';
    const stream: SeriesStream = async (onFrame) => {
      receivedFrames.set(first, {
        pixelData: new Uint8Array(new Uint16Array([0, 10, 20, 30]).buffer),
        transferSyntaxUid: EXPLICIT_LITTLE,
      });
      onFrame(first);
    };
    const series = Promise.resolve([slice('2.1', 1, EXPLICIT_LITTLE)]);
    expect(await showFirstImageAhead(element(), 's2', 'r2', series, stream, 'tok-b')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('draws nothing when the server cannot draw it, and asks again the next time', async () => {
    fetchMock.mockResolvedValueOnce(answer(422, { message: 'No Preview Available' }));
    const series = [slice('3.1', 1, JPEG_2000)];
    expect(
      await showFirstImageAhead(element(), 's3', 'r3', Promise.resolve(series), nothing, 't'),
    ).toBeNull();
    expect(drawn).toEqual([]);
    await expect(renderedFirstImage('s3', 'r3', series, 't')).resolves.toBeInstanceOf(HTMLImageElement);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("is asked once for the record view's preload and the viewer", async () => {
    const series = [slice('4.1', 1, JPEG_2000)];
    const [preloaded, shown] = await Promise.all([
      renderedFirstImage('s4', 'r4', series, 't'),
      renderedFirstImage('s4', 'r4', series, 't'),
    ]);
    expect(shown).toBe(preloaded);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(renderedFirstImage('s4', 'r4', [], 't')).resolves.toBeNull();
  });
});
