import { detailPath, isLegacyPath, legacyUploadPath, listPath, recordDetailsPath } from './paths';

describe('provider paths', () => {
  it('keeps a user in the route table they came from', () => {
    expect(isLegacyPath('/provider/external-requests')).toBe(false);
    expect(isLegacyPath('/dataRequest')).toBe(true);
    expect(isLegacyPath('/data-request/details')).toBe(true);
    expect(listPath(false)).toBe('/provider/external-requests');
    expect(listPath(true)).toBe('/dataRequest');
  });

  it('builds the detail, legacy upload and record paths with their ids encoded', () => {
    expect(detailPath(false, 'r 1')).toBe('/provider/patient-request-detail/r%201');
    expect(detailPath(true, 'r1')).toBe('/data-request/details?id=r1');
    expect(legacyUploadPath('r1', 'd/1')).toBe('/data-request/details/upload?id=r1&documentRequestId=d%2F1');
    expect(recordDetailsPath('r1', 'x1')).toBe('/provider/view-request-report-details/r1/x1');
  });
});
