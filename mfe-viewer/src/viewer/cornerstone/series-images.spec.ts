import { seriesImageIds, withUsableWindow } from './series-images';

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
});
