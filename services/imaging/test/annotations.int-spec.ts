import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  IMAGING_API,
  type ImagingStudy,
  MAX_MEASUREMENTS,
  type Measurement,
  type SaveStudyAnnotationsInput,
  type StudyAnnotations,
  VIEWER_TOKEN_HEADER,
} from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import { demoUserId, type Queryable, SharedAccessProjection, ViewerTokens } from '@portal/server-kit';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { ViewerLinkRepository } from '../src/viewer-links/viewer-link.repository';

// Issue 31: measurements and key images kept with the owner's copy of a study, through HTTP against real
// PostgreSQL: the owner saves and reads back; a stranger gets 404; a shared person and a public link read
// without canWrite and get 403 on PUT; a stale version gets 409 and loses nothing; bad bodies get 400 and
// store nothing.
describe('study annotations', () => {
  let t: TestApp;
  let db: Queryable;
  let owner: string;
  let stranger: string;
  let shared: string;
  let study: string;
  let otherStudy: string;
  let instance: { series: string; sop: string; frames: number };
  let foreign: { series: string; sop: string };
  let linkToken: string;
  const OWNER_ID = demoUserId('patient@example.com');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imaging-annotations-'));

  const tokenOf = async (username: string) =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
      .token as string;
  /** The call as the viewer makes it: the session's bearer and/or the viewer token header. */
  const send = (
    method: 'GET' | 'PUT',
    who: { bearer?: string; viewerToken?: string },
    body?: unknown,
    studyUid = study,
  ) =>
    call(t.app, method, IMAGING_API.annotations(studyUid), {
      token: who.bearer,
      body,
      headers: who.viewerToken ? { [VIEWER_TOKEN_HEADER]: who.viewerToken } : {},
    });
  const read = async (who: { bearer?: string; viewerToken?: string }) => {
    const res = await send('GET', who);
    expect(res.status).toBe(200);
    return res.body as StudyAnnotations;
  };
  const stored = async () =>
    t.query(
      `SELECT version, jsonb_array_length(measurements) AS m, jsonb_array_length(key_images) AS k FROM imaging.study_annotations WHERE study_instance_uid = $1`,
      [study],
    );

  const length = (over: Partial<Measurement> = {}): Measurement => ({
    id: randomUUID(),
    tool: 'Length',
    seriesUid: instance.series,
    sopInstanceUid: instance.sop,
    frame: 1,
    points: [
      [-120.123456789, 33.25, 10.000001],
      [-80.5, 40.1, 1e-7],
    ],
    label: '42.1 mm ✓',
    createdAt: '2026-01-02T03:04:05.678Z',
    ...over,
  });
  const firstSet = (): SaveStudyAnnotationsInput => ({
    measurements: [
      length(),
      length({
        tool: 'Angle',
        frame: instance.frames,
        points: [
          [0, 0, 0],
          [10, 0, 0],
          [10, 10, -0.5],
        ],
        label: undefined,
      }),
    ],
    keyImages: [{ seriesUid: instance.series, sopInstanceUid: instance.sop, frame: 1, note: 'Compare' }],
    version: 0,
  });
  let saved: StudyAnnotations;

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], {
      seed: true,
      config: { dataDir },
    });
    db = { query: t.query } as unknown as Queryable;
    owner = await tokenOf('patient@example.com');
    stranger = await tokenOf('patient2@example.com');
    shared = await tokenOf('viewer@example.com');
    const found = (await call(t.app, 'GET', IMAGING_API.studies, { token: owner })).body as Array<
      Record<string, { Value?: string[] }>
    >;
    const studies = found.map((s) => s['0020000D'].Value![0]);
    const seriesOf = async (uid: string) =>
      ((await call(t.app, 'GET', IMAGING_API.viewerStudy(uid, 'org'), { token: owner })).body as ImagingStudy)
        .series;
    // The multi-frame study, so frames past the first are drawn on too.
    for (const uid of studies) {
      const multi = (await seriesOf(uid)).flatMap((s) =>
        s.instances.map((i) => ({ series: s.series_uid, sop: i.instance_uid, frames: i.frame })),
      );
      const many = multi.find((i) => i.frames > 1);
      if (many && !study) {
        study = uid;
        instance = many;
      }
    }
    otherStudy = studies.find((s) => s !== study)!;
    const [otherSeries] = await seriesOf(otherStudy);
    foreign = { series: otherSeries.series_uid, sop: otherSeries.instances[0].instance_uid };
    // The owner shares this study with viewer@example.com (sharing's snapshot, as its event brings it).
    await new SharedAccessProjection('imaging').apply(db, {
      recipientId: randomUUID(),
      ownerUserId: OWNER_ID,
      viewerUserId: demoUserId('viewer@example.com'),
      email: 'viewer@example.com',
      name: 'Vic Patel',
      enabled: true,
      allRecords: false,
      items: [{ patientRequestId: randomUUID(), studyUid: study, documentId: null }],
      expiresAt: null,
      version: 1,
    });
    // And a public link to it (as sharing announces it), whose page holds only a viewer token.
    await t.app.get(ViewerLinkRepository).save(db, {
      linkId: 'annotations-link',
      ownerUserId: OWNER_ID,
      studyInstanceUids: [study],
      expiresAt: null,
      revoked: false,
      version: 1,
    });
    linkToken = await t.app.get(ViewerTokens).sign(
      {
        sub: 'link:annotations-link',
        owner: OWNER_ID,
        studies: [study],
        link: 'annotations-link',
        purpose: 'view',
      },
      600,
    );
  });
  afterAll(() => t?.close());

  it('answers empty lists at version 0 before anything is saved, writable for the owner', async () => {
    expect(instance.frames).toBeGreaterThan(1);
    await expect(read({ bearer: owner })).resolves.toEqual({
      measurements: [],
      keyImages: [],
      version: 0,
      canWrite: true,
    });
  });

  it('saves the whole set for the owner and reads it back exactly, on reopen too, audited both ways', async () => {
    const set = firstSet();
    const res = await send('PUT', { bearer: owner }, set);
    expect(res.status).toBe(200);
    saved = res.body;
    const { version: _sent, ...content } = set;
    expect(saved).toEqual({ ...JSON.parse(JSON.stringify(content)), version: 1, canWrite: true });
    // Reopened in the viewer: the session's bearer and the study's viewer token, as mfe-viewer sends them.
    const { jwt } = (await call(t.app, 'GET', IMAGING_API.viewerToken(study), { token: owner })).body;
    await expect(read({ bearer: owner, viewerToken: jwt })).resolves.toEqual(saved);
    expect(saved.measurements[0].points).toEqual(set.measurements[0].points);
    // The owner's viewer token alone (no session) reads only.
    await expect(read({ viewerToken: jwt })).resolves.toEqual({ ...saved, canWrite: false });
    const audit = await t.query(
      `SELECT action, actor_id AS "actorId", subject_id AS "subjectId", detail FROM imaging.audit_log WHERE resource_id = $1 AND action LIKE 'imaging.annotations-%' ORDER BY id`,
      [study],
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'imaging.annotations-saved',
          actorId: OWNER_ID,
          subjectId: OWNER_ID,
          detail: expect.objectContaining({ version: 1, measurements: 2, keyImages: 1, access: 'owner' }),
        }),
        expect.objectContaining({ action: 'imaging.annotations-read', subjectId: OWNER_ID }),
      ]),
    );
  });

  it('answers 404 to another patient, on reading and on saving, and changes nothing', async () => {
    expect((await send('GET', { bearer: stranger })).status).toBe(404);
    const put = await send('PUT', { bearer: stranger }, { ...firstSet(), version: 1 });
    expect(put.status).toBe(404);
    expect(put.body.code).toBe('RESOURCE.NOT_FOUND');
    expect(await stored()).toEqual([{ version: 1, m: 2, k: 1 }]);
  });

  it("lets the person it is shared with read the owner's set, read-only, and refuses their save (403)", async () => {
    const byBearer = await read({ bearer: shared });
    expect(byBearer).toEqual({ ...saved, canWrite: false });
    const { jwt } = (await call(t.app, 'GET', IMAGING_API.viewerToken(study), { token: shared })).body;
    expect(jwt).toEqual(expect.any(String));
    await expect(read({ bearer: shared, viewerToken: jwt })).resolves.toEqual(byBearer);
    for (const who of [{ bearer: shared }, { bearer: shared, viewerToken: jwt }]) {
      const put = await send('PUT', who, { ...firstSet(), version: 1 });
      expect(put.status).toBe(403);
      expect(put.body).toMatchObject({ code: 'AUTH.FORBIDDEN', message: expect.stringContaining('owner') });
    }
    expect(await stored()).toEqual([{ version: 1, m: 2, k: 1 }]);
  });

  it("lets a public link's page read with its viewer token alone, read-only, and refuses its save (403)", async () => {
    await expect(read({ viewerToken: linkToken })).resolves.toEqual({ ...saved, canWrite: false });
    for (const who of [{ viewerToken: linkToken }, { viewerToken: linkToken, bearer: stranger }]) {
      expect((await send('PUT', who, { ...firstSet(), version: 1 })).status).toBe(403);
    }
    // The link's token opens only its study (403), and nobody reads without a reader (401).
    expect((await send('GET', { viewerToken: linkToken }, undefined, otherStudy)).status).toBe(403);
    expect((await send('GET', {})).status).toBe(401);
    expect((await send('PUT', {}, { ...firstSet(), version: 1 })).status).toBe(401);
    expect(await stored()).toEqual([{ version: 1, m: 2, k: 1 }]);
  });

  it("lets a facility's token and a coordinator (with the member's own viewer token) read only", async () => {
    const tokens = t.app.get(ViewerTokens);
    const [{ delivery }] = await t.query(
      `SELECT patient_request_id AS delivery FROM imaging.instances WHERE user_id = $1 AND study_instance_uid = $2 LIMIT 1`,
      [OWNER_ID, study],
    );
    const facility = await tokens.sign(
      {
        sub: demoUserId('provider@example.com'),
        owner: OWNER_ID,
        studies: [study],
        delivery,
        purpose: 'view',
      },
      600,
    );
    // A viewer token issued while a coordinator acts for the member is the member's (decision 0027); their session is their own.
    const members = await tokens.sign(
      { sub: OWNER_ID, owner: OWNER_ID, studies: [study], purpose: 'view' },
      600,
    );
    const provider = await tokenOf('provider@example.com');
    const coordinator = await tokenOf('coordinator@example.com');
    for (const who of [
      { viewerToken: facility, bearer: provider },
      { viewerToken: members, bearer: coordinator },
    ]) {
      await expect(read(who)).resolves.toEqual({ ...saved, canWrite: false });
      expect((await send('PUT', who, { ...firstSet(), version: 1 })).status).toBe(403);
    }
    expect(await stored()).toEqual([{ version: 1, m: 2, k: 1 }]);
  });

  it('answers 409 to a save from a stale version and keeps the newer set; of two saves from one version, one wins', async () => {
    const stale = await send('PUT', { bearer: owner }, { ...firstSet(), measurements: [], version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'RESOURCE.CONFLICT',
      message: expect.stringContaining('version 1'),
    });
    await expect(read({ bearer: owner })).resolves.toEqual(saved);

    const edits = [length({ label: 'first tab' })],
      other = [length({ label: 'second tab' })];
    const both = await Promise.all([
      send('PUT', { bearer: owner }, { measurements: edits, keyImages: [], version: 1 }),
      send('PUT', { bearer: owner }, { measurements: other, keyImages: [], version: 1 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)!.body as StudyAnnotations;
    expect(winner.version).toBe(2);
    saved = await read({ bearer: owner });
    expect(saved).toEqual(winner);
  });

  it('refuses bad bodies with 400 naming the field, and stores nothing of them', async () => {
    const before = await stored();
    const put = (body: unknown) => send('PUT', { bearer: owner }, body);
    const base = { keyImages: [], version: saved.version };
    const cases: Array<[string, unknown, string]> = [
      [
        'too many measurements',
        { ...base, measurements: Array.from({ length: MAX_MEASUREMENTS + 1 }, () => length()) },
        'measurements',
      ],
      [
        'a NaN coordinate',
        {
          ...base,
          measurements: [
            length({
              points: [
                ['NaN', 0, 0],
                [1, 1, 1],
              ],
            } as never),
          ],
        },
        'measurements[0].points[0][0]',
      ],
      ['a bad uuid', { ...base, measurements: [length({ id: 'm-1' })] }, 'measurements[0].id'],
      [
        'an id used twice',
        {
          ...base,
          measurements: [length({ id: saved.measurements[0].id }), length({ id: saved.measurements[0].id })],
        },
        'measurements',
      ],
      [
        'an instance of another study',
        { ...base, measurements: [length({ seriesUid: foreign.series, sopInstanceUid: foreign.sop })] },
        'measurements[0]',
      ],
      [
        'an unknown instance',
        {
          ...base,
          keyImages: [{ seriesUid: instance.series, sopInstanceUid: '1.2.3.999', frame: 1 }],
          measurements: [],
        },
        'keyImages[0]',
      ],
      [
        'a frame the instance lacks',
        { ...base, measurements: [length({ frame: instance.frames + 1 })] },
        'measurements[0].frame',
      ],
      [
        'a label that is not plain text',
        { ...base, measurements: [length({ label: 'a\u0000b\nc' })] },
        'measurements[0].label',
      ],
      ['no version', { measurements: [], keyImages: [] }, 'version'],
    ];
    for (const [why, body, field] of cases) {
      const res = await put(body);
      expect({ why, status: res.status, code: res.body.code }).toEqual({
        why,
        status: 400,
        code: 'REQUEST.VALIDATION_FAILED',
      });
      expect({ why, fields: Object.keys(res.body.errors ?? {}) }).toEqual({
        why,
        fields: expect.arrayContaining([field]),
      });
    }
    // The instance of another study is named in words the viewer can show.
    expect((await put(cases.find(([why]) => why === 'an instance of another study')![1])).body.message).toBe(
      `measurements[0]: instance ${foreign.sop} of series ${foreign.series} is not in this study`,
    );
    // Numbers JSON.stringify cannot write, sent as raw text: NaN is no JSON at all, 1e400 parses to Infinity.
    const point = `{"id":"${randomUUID()}","tool":"Length","seriesUid":"${instance.series}","sopInstanceUid":"${instance.sop}","frame":1,"createdAt":"2026-01-02T03:04:05Z","points":`;
    for (const points of ['[[NaN,0,0],[1,1,1]]', '[[1e400,0,0],[1,1,1]]', '[[0,-1e999,0],[1,1,1]]']) {
      const raw = await t.app.inject({
        method: 'PUT',
        url: IMAGING_API.annotations(study),
        headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
        payload: `{"measurements":[${point}${points}}],"keyImages":[],"version":${saved.version}}`,
      });
      expect({ points, status: raw.statusCode }).toEqual({ points, status: 400 });
    }
    expect(await stored()).toEqual(before);
    await expect(read({ bearer: owner })).resolves.toEqual(saved);
  });
});
