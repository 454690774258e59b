import { contextOfPath } from './api-routes';

describe('contextOfPath (proxy mode)', () => {
  it.each([
    ['/api/auth/login', 'auth'],
    ['/api/getPatientRequestsForExternalProvider?page=0', 'provider'],
    ['/api/generateS3PresignedURL', 'provider'],
    ['/api/7f0c1b7e-3c2a-4b7e-9a39-2f1d3c4b5a69/getDocuments/0e1d', 'provider'],
    ['/api/7f0c1b7e-3c2a-4b7e-9a39-2f1d3c4b5a69/getOtherDocuments', 'provider'],
    ['/api/provider/dataRequests/r1/documents/d1', 'provider'],
    ['/api/getFileContent/d1', 'records'],
    ['/api/v2/myRecords/loadGrid', 'records'],
    ['/api/7f0c1b7e-3c2a-4b7e-9a39-2f1d3c4b5a69/getAttachments/0e1d', 'records'],
    ['/api/7f0c1b7e-3c2a-4b7e-9a39-2f1d3c4b5a69/generatePdf/0e1d', 'records'],
    ['/api/download/abc', 'records'],
    ['/api/patientRequest/r1/documents/counts', 'records'],
    ['/api/imaging/studies/1.2.3/thumbnail', 'imaging'],
  ])('%s goes to %s', (path, context) => {
    expect(contextOfPath(path)).toBe(context);
  });

  it('answers nothing for a path no context owns', () => {
    expect(contextOfPath('/api/nowhere')).toBeUndefined();
    expect(contextOfPath('/api/x/getDocumentsElsewhere')).toBeUndefined();
  });
});
