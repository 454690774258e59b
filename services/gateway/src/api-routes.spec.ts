import { API_ROOT, apiRoute, CONTEXT_APIS } from '@portal/contracts';
import { API_PATTERN_ROUTES, API_ROUTES, contextOfPath } from './api-routes';

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
    ['/api/7f0c1b7e-3c2a-4b7e-9a39-2f1d3c4b5a69/recipients?studyUid=1.2', 'sharing'],
    ['/api/download/abc', 'records'],
    ['/api/downloadAllAttachments?patientRequestId=r1', 'sharing'],
    ['/api/patientRequest/r1/documents/counts', 'records'],
    ['/api/imaging/studies/1.2.3/thumbnail', 'imaging'],
    ['/api/fetchDownloadISO?identifier=x', 'imaging'],
    ['/api/checkForgotPasswordToken?token=x', 'auth'],
    ['/api/createAccount', 'auth'],
    ['/api/requests/health', 'requests'],
    ['/api/records/health', 'records'],
  ])('%s goes to %s', (path, context) => {
    expect(contextOfPath(path)).toBe(context);
  });

  it('answers nothing for a path no context owns', () => {
    expect(contextOfPath('/api/nowhere')).toBeUndefined();
    expect(contextOfPath('/api/x/getDocumentsElsewhere')).toBeUndefined();
    expect(contextOfPath('/api/v2/elsewhere')).toBeUndefined();
  });

  it("routes every path of a context's API to that context", () => {
    for (const [context, apis] of Object.entries(CONTEXT_APIS))
      for (const path of apis.flatMap((api) => Object.values(api))) {
        const ids = Array.from(
          { length: typeof path === 'function' ? path.length : 0 },
          () => '7f0c1b7e-3c2a-4b7e-9a39-2f1d3c4b5a69',
        );
        const url =
          typeof path === 'function' ? `${API_ROOT}/${apiRoute(path, ...ids).replace(/:/g, '')}` : path;
        expect({ url, context: contextOfPath(url) }).toEqual({ url, context });
      }
  });

  it('keeps the table the spec paths need: one row per prefix, the id-first paths by their word', () => {
    expect(new Set(API_ROUTES.map(([prefix]) => prefix)).size).toBe(API_ROUTES.length);
    expect(API_PATTERN_ROUTES).toEqual([
      ['^/api/[^/]+/(getAttachments|getAttachmentContent|generatePdf|enhancedReport)(/|$)', 'records'],
      ['^/api/[^/]+/(recipients)(/|$)', 'sharing'],
      ['^/api/[^/]+/(getDocuments|getOtherDocuments)(/|$)', 'provider'],
    ]);
  });
});
