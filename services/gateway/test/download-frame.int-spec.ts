import { RECORDS_API } from '@portal/contracts';
import { demoId, USER_FILE_CSP } from '@portal/server-kit';
import { eventually } from '@portal/server-kit/testing';
import { demoRequestId } from '@portal/requests-service';
import { startTestGateway, type TestGateway } from './test-gateway';

jest.setTimeout(180_000);

// /api/download/{identifier} through the real gateway (edge headers included): a file opens without a
// bearer token and may be shown in a frame of the portal's own origin (the record view's 'Radiologist's
// Report' frame and the enhanced report) but in no other site's frame; the enhanced report's HTML runs
// and loads nothing.
const COMPLETED = demoRequestId('completed-ct');
const REPORT = demoId('records-document:completed-ct-report');

describe('downloads through the gateway: framed by the portal only', () => {
  let gw: TestGateway;
  let patient: string;
  beforeAll(async () => {
    gw = await startTestGateway({ LOG_LEVEL: 'error' });
    patient = await gw.login('patient@example.com');
  });
  afterAll(() => gw?.close());

  const frameRule = (headers: Headers) => ({
    xfo: headers.get('x-frame-options'),
    ancestors: (headers.get('content-security-policy') ?? '')
      .split(/[;,]/)
      .map((d) => d.trim())
      .filter((d) => d.startsWith('frame-ancestors')),
  });

  it('serves a report PDF to a frame of the same origin, with no token', async () => {
    const { identifier } = (
      await eventually(
        () => gw.send('GET', RECORDS_API.attachmentContent(COMPLETED, REPORT), { token: patient }),
        (r) => r.status === 200,
      )
    ).body;
    const res = await gw.send('GET', RECORDS_API.download(identifier));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(frameRule(res.headers)).toEqual({ xfo: 'SAMEORIGIN', ancestors: ["frame-ancestors 'self'"] });
    // A user's file runs nothing as the portal: sandboxed (opaque origin, no scripts), whatever it holds.
    expect(res.headers.get('content-security-policy')).toBe(USER_FILE_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("serves the enhanced report's page under its own strict policy, framed by the portal only", async () => {
    const { identifier } = (
      await gw.send('GET', RECORDS_API.enhancedReport(COMPLETED, REPORT), { token: patient })
    ).body;
    const ready = await eventually(
      () => gw.send('GET', RECORDS_API.enhancedReportStatus(identifier), { token: patient }),
      (r) => r.body?.isReady === true,
    );
    const res = await gw.send('GET', RECORDS_API.download(ready.body.data.identifier));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(USER_FILE_CSP);
    expect(frameRule(res.headers).xfo).toBe('SAMEORIGIN');
    expect(res.body).toContain('What these words mean');
  });
});
