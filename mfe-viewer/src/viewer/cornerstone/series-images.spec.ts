import { VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { fetchSeriesMetadata, seriesImageIds, withUsableWindow } from './series-images';

const added: Array<[string, unknown]> = [];
jest.mock('@cornerstonejs/dicom-image-loader', () => ({
  __esModule: true,
  default: { wadors: { metaDataManager: { add: (id: string, ds: unknown) => added.push([id, ds]) } } },
}));

const instance = (sop: string, number: number, frames?: number) => ({
  '00080018': { vr: 'UI', Value: [sop] },
  '00200013': { vr: 'IS', Value: [number] },
  ...(frames ? { '00280008': { vr: 'IS', Value: [frames] } } : {}),
});

describe('series images', () => {
  it('makes one wadors image id per frame, in instance order, each with its metadata', () => {
    const ids = seriesImageIds('1.1', '2.2', [instance('b', 2, 3), instance('a', 1)], 'http://portal');
    expect(ids).toEqual([
      'wadors:http://portal/api/dicomweb/studies/1.1/series/2.2/instances/a/frames/1',
      'wadors:http://portal/api/dicomweb/studies/1.1/series/2.2/instances/b/frames/1',
      'wadors:http://portal/api/dicomweb/studies/1.1/series/2.2/instances/b/frames/2',
      'wadors:http://portal/api/dicomweb/studies/1.1/series/2.2/instances/b/frames/3',
    ]);
    expect(added.map(([id]) => id)).toEqual(ids);
  });

  it('drops a window of width 0 so the image is drawn by its own pixel range', () => {
    const ds = {
      '00281050': { vr: 'DS', Value: [0] },
      '00281051': { vr: 'DS', Value: [0] },
      '00080060': { vr: 'CS', Value: ['MR'] },
    };
    expect(withUsableWindow(ds)).toEqual({ '00080060': { vr: 'CS', Value: ['MR'] } });
    const good = { '00281050': { vr: 'DS', Value: [40] }, '00281051': { vr: 'DS', Value: [400] } };
    expect(withUsableWindow(good)).toBe(good);
  });

  it("reads the series metadata with the viewer token, through the base query's call", async () => {
    const fetchMock = jest.fn(
      async () =>
        ({
          ok: true,
          status: 200,
          statusText: '',
          text: async () => JSON.stringify([instance('a', 1)]),
        }) as unknown as Response,
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(fetchSeriesMetadata('1.1', '2.2', 'view-tok')).resolves.toEqual([instance('a', 1)]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/dicomweb/studies/1.1/series/2.2/metadata');
    expect(init.headers).toMatchObject({
      Accept: 'application/dicom+json',
      [VIEWER_TOKEN_HEADER]: 'view-tok',
    });
  });

  it('fails with the status and the server message when the metadata is refused', async () => {
    global.fetch = jest.fn(
      async () =>
        ({
          ok: false,
          status: 403,
          statusText: '',
          text: async () => JSON.stringify({ statusCode: 403, message: 'Not for this study' }),
        }) as unknown as Response,
    ) as typeof fetch;
    await expect(fetchSeriesMetadata('1.1', '2.2', 'view-tok')).rejects.toThrow(
      'series metadata answered 403: Not for this study',
    );
  });
});
