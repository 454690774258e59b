import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { IMAGING_API, MESSAGES, SHARING_API, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { ImagingContext } from '@portal/imaging-service';
import { demoUserId, SYSTEM_CALLER } from '@portal/server-kit';
import { eventually, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { SharingContext } from '../src';
import { DEMO_OPEN_LINK, DEMO_VIEWER_LINK } from '../src/demo/seed-demo';
import { CreateViewerLink } from '../src/viewer-links/create-viewer-link/create-viewer-link';
import { RevokeViewerLink } from '../src/viewer-links/revoke-viewer-link/revoke-viewer-link';

// The public viewer links of issue 12 against real PostgreSQL: the demo links seeded from imaging's
// announced studies (records is left out: its tests import sharing, and nx refuses a cycle), the password gate, its rate limit, and the link's token on imaging's viewer calls.
describe('public viewer links', () => {
  let t: TestApp;
  const owner = demoUserId('patient@example.com');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sharing-viewer-links-'));
  const send = async (
    method: 'GET' | 'POST',
    url: string,
    opts: { token?: string; body?: unknown; ip?: string } = {},
  ) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: opts.ip ?? '198.51.100.1',
      headers: {
        ...(opts.token ? { [VIEWER_TOKEN_HEADER]: opts.token } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    return {
      status: res.statusCode,
      body: res.body ? JSON.parse(res.body) : undefined,
      headers: res.headers,
    };
  };
  const config = (id: string, token?: string) => send('GET', SHARING_API.viewerConfig(id), { token });
  const validate = (id: string, password: string, ip?: string) =>
    send('POST', SHARING_API.validateViewerPassword(id), { body: { password }, ip });
  let demoStudies: string[];

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, ImagingContext, SharingContext], {
      seed: true,
      config: { dataDir },
    });
    const rows = await eventually(
      () =>
        t.query(`SELECT study_instance_uid AS uid FROM imaging.instances WHERE user_id = $1 GROUP BY 1`, [
          owner,
        ]),
      (r) => r.length >= 3,
    );
    demoStudies = rows.map((r: { uid: string }) => r.uid).sort();
    await eventually(
      () =>
        t.query(`SELECT count(*)::int AS n FROM sharing.viewer_link_studies WHERE link_id = $1`, [
          DEMO_VIEWER_LINK.id,
        ]),
      ([r]) => r.n === demoStudies.length,
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the demo open link at once: its one study with request, facility and patient, and a view token', async () => {
    const res = await eventually(
      () => config(DEMO_OPEN_LINK),
      (r) => r.status === 200 && r.body.patient_requests?.length === 1,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ need_password: false, expires_at: null });
    expect(res.body.studyDetail.dicom).toHaveLength(1);
    expect(demoStudies).toContain(res.body.studyDetail.dicom[0]);
    expect(res.body.studyDetail.approved_cfind_responses[0].cfind_response.study_instance_uid).toBe(
      res.body.studyDetail.dicom[0],
    );
    expect(res.body.patient_requests[0].organization.name).not.toBe('');
    expect(typeof res.body.token).toBe('string');
  });

  it('answers only need_password for the password link, then a wrong password 400, then the right one a token that opens the config', async () => {
    expect((await config(DEMO_VIEWER_LINK.id)).body).toEqual({ need_password: true });
    const wrong = await validate(DEMO_VIEWER_LINK.id, 'not-it', '198.51.100.2');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      message: MESSAGES.viewerPasswordWrong,
    });
    expect((await validate(DEMO_VIEWER_LINK.id, '', '198.51.100.2')).status).toBe(400);
    const right = await validate(DEMO_VIEWER_LINK.id, DEMO_VIEWER_LINK.password, '198.51.100.2');
    expect(right.status).toBe(200);
    const full = await config(DEMO_VIEWER_LINK.id, right.body.token);
    expect(full.body.need_password).toBe(false);
    expect([...full.body.studyDetail.dicom].sort()).toEqual(demoStudies);
    const [{ n }] = await t.query(
      `SELECT count(*)::int AS n FROM sharing.audit_log WHERE action = 'sharing.viewer-password-attempt' AND detail::text LIKE '%not-it%'`,
    );
    expect(n).toBe(0);
  });

  it('answers the 6th attempt from one address on one link 429 with Retry-After, while another address still tries', async () => {
    const { id } = await t.app.get(CreateViewerLink).execute(
      {
        ownerUserId: owner,
        studies: [{ studyInstanceUid: demoStudies[0], patientRequestId: null }],
        password: 'Right-1',
      },
      SYSTEM_CALLER,
    );
    for (let i = 0; i < 5; i++) expect((await validate(id, `guess-${i}`, '198.51.100.3')).status).toBe(400);
    const sixth = await validate(id, 'Right-1', '198.51.100.3');
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'AUTH.TOO_MANY_ATTEMPTS', message: MESSAGES.tooManyAttempts });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await validate(id, 'Right-1', '198.51.100.4')).status).toBe(200);
  });

  it("opens imaging's viewer study of the link's studies only (403 for another), gives a download url, and stops at the link's revocation", async () => {
    const { id } = await t.app
      .get(CreateViewerLink)
      .execute(
        { ownerUserId: owner, studies: [{ studyInstanceUid: demoStudies[0], patientRequestId: null }] },
        SYSTEM_CALLER,
      );
    const { token } = (await config(id)).body;
    const studyOf = (uid: string) => send('GET', IMAGING_API.viewerStudy(uid, 'any-organization'), { token });
    const opened = await eventually(
      () => studyOf(demoStudies[0]),
      (r) => r.status === 200,
    );
    expect(opened.status).toBe(200);
    expect(opened.body.study_uid).toBe(demoStudies[0]);
    expect(opened.body.series.length).toBeGreaterThan(0);
    expect((await studyOf(demoStudies[1])).status).toBe(403);
    // The same scope over DICOMweb (QIDO-RS series of the study).
    expect((await send('GET', `${IMAGING_API.studies}/${demoStudies[0]}/series`, { token })).status).toBe(
      200,
    );
    expect((await send('GET', `${IMAGING_API.studies}/${demoStudies[1]}/series`, { token })).status).toBe(
      403,
    );

    const download = await send('POST', SHARING_API.downloadViewerStudies(id), { token });
    expect(download.status).toBe(200);
    expect(download.body).toMatchObject({ isError: false, message: '' });
    // A sealed token (JWE compact: five parts, the key part empty): nothing in it readable.
    expect(download.body.url).toMatch(/^\/api\/imaging\/archive\/[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const other = (await config(DEMO_OPEN_LINK)).body.token;
    expect((await send('POST', SHARING_API.downloadViewerStudies(id), { token: other })).status).toBe(403);
    expect((await send('POST', SHARING_API.downloadViewerStudies(id))).status).toBe(401);

    await t.app.get(RevokeViewerLink).execute(owner, id, SYSTEM_CALLER);
    const refused = await eventually(
      () => studyOf(demoStudies[0]),
      (r) => r.status === 401,
    );
    expect(refused.status).toBe(401);
    expect((await config(id)).status).toBe(404);
    expect((await send('POST', SHARING_API.downloadViewerStudies(id), { token })).body).toEqual({
      isError: true,
      message: MESSAGES.viewerLinkUnavailable,
      url: null,
    });
  });

  it('answers 404 for an expired link and an unknown one alike', async () => {
    const { id } = await t.app.get(CreateViewerLink).execute(
      {
        ownerUserId: owner,
        studies: [{ studyInstanceUid: demoStudies[0], patientRequestId: null }],
        expiresAt: new Date(Date.now() - 1000),
      },
      SYSTEM_CALLER,
    );
    const expired = await config(id);
    const unknown = await config('no-such-link');
    expect([expired.status, unknown.status]).toEqual([404, 404]);
    const { requestId: _a, ...expiredBody } = expired.body;
    const { requestId: _b, ...unknownBody } = unknown.body;
    expect(expiredBody).toEqual(unknownBody);
  });
});
