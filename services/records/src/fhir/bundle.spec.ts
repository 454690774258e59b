import { r4Problems } from '@portal/server-kit/testing';
import { searchsetBundle } from './bundle';

const page = (offset: number, total: number) =>
  searchsetBundle({
    base: 'http://portal.test/api/fhir',
    path: 'ImagingStudy',
    applied: [['modality', 'MR']],
    paging: { count: 2, offset },
    total,
    resources: [{ resourceType: 'Endpoint', id: 'dicomweb' } as never],
  });

describe('searchsetBundle', () => {
  it('links self, next and previous with the applied parameters, _count and _offset', () => {
    const bundle = page(2, 5);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 5 });
    expect(Object.fromEntries(bundle.link!.map((l) => [l.relation, l.url]))).toEqual({
      self: 'http://portal.test/api/fhir/ImagingStudy?modality=MR&_count=2&_offset=2',
      next: 'http://portal.test/api/fhir/ImagingStudy?modality=MR&_count=2&_offset=4',
      previous: 'http://portal.test/api/fhir/ImagingStudy?modality=MR&_count=2&_offset=0',
    });
    expect(bundle.entry![0]).toMatchObject({
      fullUrl: 'http://portal.test/api/fhir/Endpoint/dicomweb',
      search: { mode: 'match' },
    });
  });

  it('has no next link on the last page, no previous on the first, no entry when empty', () => {
    expect(page(4, 5).link!.map((l) => l.relation)).toEqual(['self', 'previous']);
    expect(page(0, 1).link!.map((l) => l.relation)).toEqual(['self']);
    const empty = searchsetBundle({
      base: 'http://portal.test/api/fhir',
      path: 'Consent',
      applied: [],
      paging: { count: 50, offset: 0 },
      total: 0,
      resources: [],
    });
    expect(empty.entry).toBeUndefined();
    expect(r4Problems(empty)).toEqual([]);
  });
});
