import { VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { fetchSeriesMetadata } from './series-metadata';

const instance = (sop: string, number: number) => ({
  '00080018': { vr: 'UI', Value: [sop] },
  '00200013': { vr: 'IS', Value: [number] },
});

describe('series metadata', () => {
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
    await expect(fetchSeriesMetadata('1.1', '2.2', 'another-tok')).rejects.toThrow(
      'series metadata answered 403: Not for this study',
    );
  });

  it('asks once for the preload and the viewer, and asks again after a failure', async () => {
    const fetchMock = jest.fn(
      async () => ({ ok: true, status: 200, statusText: '', text: async () => '[]' }) as unknown as Response,
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    await Promise.all([fetchSeriesMetadata('3.3', '4.4', 't'), fetchSeriesMetadata('3.3', '4.4', 't')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(fetchSeriesMetadata('1.1', '2.2', 'another-tok')).resolves.toEqual([]);
  });
});
