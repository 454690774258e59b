import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PNG } from 'pngjs';
import { IMAGING_API, type ImagingStudy, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import { demoUserId, type Queryable, ViewerTokens } from '@portal/server-kit';
import { ViewerLinkRepository } from '../src/viewer-links/viewer-link.repository';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';

// The spec's viewer calls (records spec §7) against the demo patient's real studies: the viewer token,
// init and interval, the series list and the instance image, by token and by bearer, and who gets what.
describe('viewer calls', () => {
  let t: TestApp;
  let patient: string;
  let other: string;
  let studies: string[];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imaging-viewer-'));
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const tokenOf = async (username: string) =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
      .token as string;
  const viewerToken = async (study: string, as = patient) =>
    (await get(IMAGING_API.viewerToken(study), bearer(as))).json() as {
      jwt: string | null;
      study_available: boolean;
    };

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], {
      seed: true,
      config: { dataDir },
    });
    patient = await tokenOf('patient@example.com');
    other = await tokenOf('patient2@example.com');
    const found = (await get(IMAGING_API.studies, bearer(patient))).json() as Array<
      Record<string, { Value?: string[] }>
    >;
    studies = found.map((s) => s['0020000D'].Value![0]);
  });
  afterAll(() => t?.close());

  it('gives the owner a token for exactly one study, and anyone else study_available false with no token', async () => {
    const access = await viewerToken(studies[0]);
    expect(access.study_available).toBe(true);
    const grant = await t.app.get(ViewerTokens).verify(access.jwt!, 'view');
    expect(grant).toMatchObject({ owner: demoUserId('patient@example.com'), studies: [studies[0]] });
    await expect(viewerToken(studies[0], other)).resolves.toEqual({ jwt: null, study_available: false });
    await expect(viewerToken('1.2.3.4.5.6')).resolves.toEqual({ jwt: null, study_available: false });
    expect((await get(IMAGING_API.viewerToken(studies[0]))).statusCode).toBe(401);
  });

  it('answers init and the interval to anyone, naming what a token opens', async () => {
    const interval = (await get(IMAGING_API.imageInterval)).json();
    expect(interval.value).toBeGreaterThan(0);
    expect((await get(IMAGING_API.viewerInit)).json()).toEqual({
      image_interval: interval.value,
      dicomweb_root: '/api/dicomweb',
      studies: [],
      token_valid: false,
    });
    const { jwt } = await viewerToken(studies[0]);
    expect((await get(`${IMAGING_API.viewerInit}?token=${jwt}`)).json()).toMatchObject({
      studies: [studies[0]],
      token_valid: true,
    });
    expect((await get(`${IMAGING_API.viewerInit}?token=forged`)).json()).toMatchObject({
      studies: [],
      token_valid: false,
    });
  });

  it('lists the series of a study by token and by bearer, in viewing order, with each instance and its frames', async () => {
    const { jwt } = await viewerToken(studies[0]);
    const byToken = await get(IMAGING_API.viewerStudy(studies[0], 'any-organization'), {
      [VIEWER_TOKEN_HEADER]: jwt!,
    });
    expect(byToken.statusCode).toBe(200);
    const study = byToken.json() as ImagingStudy;
    expect(study.study_uid).toBe(studies[0]);
    expect(study.total_instances).toBe(study.series.reduce((n, s) => n + s.instances.length, 0));
    for (const s of study.series) {
      const numbers = s.instances.map((i) => i.instance_number ?? 0);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      for (const i of s.instances) expect(i.frame).toBeGreaterThanOrEqual(1);
    }
    expect((await get(IMAGING_API.viewerStudy(studies[0], 'x'), bearer(patient))).json()).toEqual(study);
  });

  it('refuses a token on another study (403), a stranger (404) and no reader (401)', async () => {
    const { jwt } = await viewerToken(studies[0]);
    expect(
      (await get(IMAGING_API.viewerStudy(studies[1], 'x'), { [VIEWER_TOKEN_HEADER]: jwt! })).statusCode,
    ).toBe(403);
    expect((await get(IMAGING_API.viewerStudy(studies[0], 'x'), bearer(other))).statusCode).toBe(404);
    expect((await get(IMAGING_API.viewerStudy(studies[0], 'x'))).statusCode).toBe(401);
    expect(
      (await get(IMAGING_API.viewerStudy(studies[0], 'x'), { [VIEWER_TOKEN_HEADER]: 'forged' })).statusCode,
    ).toBe(401);
  });

  it('draws an instance image as a base64 PNG that is not blank, and 404 for a frame the instance lacks', async () => {
    const { jwt } = await viewerToken(studies[0]);
    const headers = { [VIEWER_TOKEN_HEADER]: jwt! };
    const study = (await get(IMAGING_API.viewerStudy(studies[0], 'x'), headers)).json() as ImagingStudy;
    const [series] = study.series;
    const [instance] = series.instances;
    const res = await get(
      IMAGING_API.instanceImage(studies[0], series.series_uid, instance.instance_uid, 1),
      headers,
    );
    expect(res.statusCode).toBe(200);
    const png = PNG.sync.read(Buffer.from(res.json().data, 'base64'));
    expect(png.width).toBeGreaterThan(64);
    expect(new Set(png.data.filter((_, i) => i % 4 === 0)).size).toBeGreaterThan(10);
    expect(
      (
        await get(
          IMAGING_API.instanceImage(studies[0], series.series_uid, instance.instance_uid, instance.frame + 1),
          headers,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          IMAGING_API.instanceImage(studies[0], series.series_uid, instance.instance_uid, 1),
          bearer(other),
        )
      ).statusCode,
    ).toBe(404);
  });
  it('keeps the newest announcement of a public link when an older one arrives late: a revoked link stays revoked', async () => {
    const links = t.app.get(ViewerLinkRepository);
    const db = { query: t.query } as unknown as Queryable;
    const owner = demoUserId('patient@example.com');
    const link = {
      linkId: 'late-link',
      ownerUserId: owner,
      studyInstanceUids: [studies[0]],
      expiresAt: null,
    };
    const token = await t.app
      .get(ViewerTokens)
      .sign({ sub: 'link:late-link', owner, studies: [studies[0]], link: 'late-link', purpose: 'view' }, 600);
    const series = () => get(IMAGING_API.viewerStudy(studies[0], 'org'), { [VIEWER_TOKEN_HEADER]: token });
    await links.save(db, { ...link, revoked: false, version: 1 });
    expect((await series()).statusCode).toBe(200);
    await links.save(db, { ...link, revoked: true, version: 2 });
    await links.save(db, { ...link, revoked: false, version: 1 });
    expect(await links.state(db, 'late-link')).toMatchObject({ revoked: true });
    expect((await series()).statusCode).toBe(401);
  });
});
