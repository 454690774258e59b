import { randomUUID } from 'node:crypto';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import {
  call,
  eventually,
  startTestApp,
  submitPatientRequest,
  type TestApp,
} from '@portal/server-kit/testing';
import { GRID_CHUNK_SIZE, type LibraryGridRow, RECORDS_API } from '@portal/contracts';
import { brotliDecompressSync } from 'node:zlib';
import { GridChunkCache } from '../src/library/grid-chunk.cache';
import type { Queryable } from '@portal/server-kit';
import { SharedAccess } from '../src/library/shared-access';

const tokenOf = async (t: TestApp, username: string) =>
  (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
    .token as string;
const claimsOf = (token: string): { sub: string; personId: string } =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
const qs = (q: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

describe('records grid protocol, stars, init and patient request calls', () => {
  let t: TestApp;
  let patient: string;
  let other: string;
  let viewer: string;
  let me: { sub: string; personId: string };

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], { seed: true });
    patient = await tokenOf(t, 'patient@example.com');
    other = await tokenOf(t, 'multi@example.com');
    viewer = await tokenOf(t, 'viewer@example.com');
    me = claimsOf(patient);
  });
  afterAll(() => t?.close());

  const load = (token: string, q: Record<string, unknown> = {}) =>
    call(t.app, 'GET', `${RECORDS_API.loadGrid}?${qs(q)}`, { token });
  const check = (token: string, identifier: string) =>
    call(t.app, 'GET', `${RECORDS_API.checkData}?${qs({ identifier })}`, { token });
  const fetchChunk = (token: string, identifier: string, chunkOffset: number, chunkSize = GRID_CHUNK_SIZE) =>
    call(t.app, 'GET', `${RECORDS_API.fetchData}?${qs({ identifier, chunkSize, chunkOffset })}`, { token });

  /** The whole grid as the client reads it: loadGrid, checkData until ready, every chunk of 500. */
  const grid = async (token: string, q: Record<string, unknown> = {}) => {
    const res = await load(token, q);
    expect(res.status).toBe(200);
    const { identifier } = res.body;
    const ready = await eventually(
      () => check(token, identifier),
      (r) => r.status !== 200 || r.body.isReady === true,
    );
    expect(ready.status).toBe(200);
    const rows: LibraryGridRow[] = [];
    const chunks: number[] = [];
    for (let offset = 0; ; offset += GRID_CHUNK_SIZE) {
      const c = await fetchChunk(token, identifier, offset);
      expect(c.status).toBe(200);
      expect(c.headers['content-type']).toMatch(/^application\/json/);
      rows.push(...c.body.rows);
      chunks.push(c.body.rows.length);
      if (!c.body.hasMore) break;
    }
    expect(rows).toHaveLength(ready.body.total);
    return { identifier, total: ready.body.total as number, rows, chunks };
  };

  // The demo library: 10 DICOM studies and the radiologist's report of the completed request, 2 self uploads.
  const demoRows = () =>
    eventually(
      () => grid(patient),
      (g) =>
        g.rows.filter((r) => r.kind === 'study').length >= 10 &&
        g.rows.filter((r) => r.kind === 'document').length >= 3,
    );

  it("answers the demo patient's library as flattened rows, newest first, every field filled", async () => {
    const { rows } = await demoRows();
    const studies = rows.filter((r) => r.kind === 'study');
    expect(studies.map((s) => s.modality).sort()).toEqual([
      'CT',
      'CT',
      'CT',
      'CT',
      'MR',
      'MR',
      'MR',
      'MR',
      'OT',
      'XA',
    ]);
    const mr = studies.find((s) => s.modality === 'MR' && s.study_description === 'BRAIN')!;
    expect(mr).toMatchObject({
      approved_cfind_responseId: mr.id,
      documentId: null,
      facilityName: 'St. Mary Imaging Center',
      status: 'Completed',
      page: 'view-request-report-details',
      total_instances: 20,
      starred: false,
      manual_upload_dicom: false,
      // The radiologist's report delivered with the studies.
      has_attachments: true,
      shared_with: [],
      sharedWithMe: false,
    });
    expect(mr.patientName).not.toBe('');
    expect(mr.recordName).toBe(`MR ${mr.study_description}`.trim());
    expect(mr.requestTypes.length).toBeGreaterThan(0);
    // Self uploads: no facility, their record name, their exam month.
    const selfUploads = rows.filter((r) => r.manual_upload_dicom);
    expect(selfUploads.map((r) => r.recordName).sort()).toEqual(['Blood test results', 'Knee X-ray report']);
    expect(
      selfUploads.every(
        (r) => r.facilityId === null && r.kind === 'document' && /^2025-\d{2}-01$/.test(r.date ?? ''),
      ),
    ).toBe(true);
    // Requests without records yet are rows too, opening their review.
    const bare = rows.filter((r) => r.kind === 'request');
    expect(bare.length).toBeGreaterThan(0);
    expect(
      bare.every((r) => r.page === 'review-request-details' && r.approved_cfind_responseId === null),
    ).toBe(true);
    // Newest first (created_at DESC, id DESC: microseconds the ISO text rounds away break the ties).
    expect(rows.every((r, i) => i === 0 || rows[i - 1].created >= r.created)).toBe(true);
    // Another patient sees none of it.
    expect((await grid(other)).rows).toEqual([]);
    // One audit row per loadGrid.
    const { identifier } = (await load(patient)).body;
    expect(
      await t.query(`SELECT action, subject_id FROM records.audit_log WHERE resource_id = $1`, [identifier]),
    ).toEqual([{ action: 'records.read', subject_id: me.sub }]);
  });

  it('validates the grid calls with useful messages', async () => {
    expect((await load(patient, { personId: 'nope' })).body).toMatchObject({
      statusCode: 400,
      message: 'personId is not valid',
    });
    expect((await load(patient, { onlyFavourites: 'maybe' })).body).toMatchObject({
      statusCode: 400,
      message: 'onlyFavourites must be true or false',
    });
    expect((await call(t.app, 'GET', RECORDS_API.checkData, { token: patient })).body).toMatchObject({
      statusCode: 400,
      message: 'identifier is required',
    });
    const { identifier } = (await load(patient)).body;
    expect((await fetchChunk(patient, identifier, 0, 501)).body).toMatchObject({
      statusCode: 400,
      message: 'chunkSize must be at most 500',
    });
    expect((await fetchChunk(patient, identifier, -1)).body).toMatchObject({
      statusCode: 400,
      message: 'chunkOffset must not be negative',
    });
    expect(
      (
        await call(t.app, 'GET', `${RECORDS_API.fetchData}?identifier=${identifier}&chunkSize=x`, {
          token: patient,
        })
      ).body,
    ).toMatchObject({ statusCode: 400, message: 'chunkSize must be a number' });
  });

  /** Runs `work` with this process keeping no chunk answers, so every fetchData reads the stored chunks. */
  const withoutCache = async <T>(work: () => Promise<T>): Promise<T> => {
    const cache = t.app.get(GridChunkCache, { strict: false });
    const budget = cache.budget;
    cache.budget = 0;
    try {
      return await work();
    } finally {
      cache.budget = budget;
    }
  };

  it('answers the same chunks from the stored text as from the process cache, compressed when asked', async () => {
    const cached = await demoRows();
    const stored = await withoutCache(() => grid(patient));
    expect(stored.rows).toEqual(cached.rows);
    const res = await t.app.inject({
      method: 'GET',
      url: `${RECORDS_API.fetchData}?${qs({ identifier: cached.identifier, chunkSize: 500, chunkOffset: 0 })}`,
      headers: { authorization: `Bearer ${patient}`, 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual({
      rows: cached.rows.slice(0, 500),
      hasMore: cached.rows.length > 500,
    });
  });

  it("gives another user's snapshot, an unknown one and an expired one a 404; a failed build is reported", async () => {
    const { identifier } = await withoutCache(async () => (await load(patient)).body);
    await eventually(
      () => check(patient, identifier),
      (r) => r.body.isReady === true,
    );
    expect((await check(other, identifier)).status).toBe(404);
    expect((await fetchChunk(other, identifier, 0)).status).toBe(404);
    expect((await check(patient, randomUUID())).status).toBe(404);
    await t.query(
      `UPDATE records.grid_snapshots SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [identifier],
    );
    expect((await check(patient, identifier)).status).toBe(404);
    expect((await fetchChunk(patient, identifier, 0)).status).toBe(404);
    await load(patient); // deletes expired snapshots lazily
    expect(await t.query(`SELECT id FROM records.grid_snapshots WHERE id = $1`, [identifier])).toEqual([]);
    expect(await t.query(`SELECT 1 FROM records.grid_chunks WHERE snapshot_id = $1`, [identifier])).toEqual(
      [],
    );

    const failed = await withoutCache(async () => (await load(patient)).body.identifier);
    await eventually(
      () => check(patient, failed),
      (r) => r.body.isReady === true,
    );
    await t.query(
      `UPDATE records.grid_snapshots SET status = 'failed', error = 'the records could not be read' WHERE id = $1`,
      [failed],
    );
    const res = await check(patient, failed);
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      'The grid could not be loaded: the records could not be read. Please load it again.',
    );
    await t.query(`UPDATE records.grid_snapshots SET status = 'building' WHERE id = $1`, [failed]);
    expect(await check(patient, failed)).toMatchObject({
      status: 200,
      body: { isReady: false, total: null },
    });
    expect((await fetchChunk(patient, failed, 0)).status).toBe(409);
  });

  it('answers empty snapshots for shared-only views until sharing lands', async () => {
    expect((await grid(patient, { onlyShared: true })).rows).toEqual([]);
    expect((await grid(viewer, { onlyShared: true })).rows).toEqual([]);
    expect((await grid(patient, { sharedByUserId: claimsOf(other).sub })).rows).toEqual([]);
    const all = (await grid(patient)).total;
    expect((await grid(patient, { includeShared: true })).total).toBe(all);
  });

  it("sharing details: the owner's records one person sees (all records: every record, reports too; limited: the named ones); another's person 404", async () => {
    const rows = (await demoRows()).rows.filter((r) => r.kind !== 'request');
    const apply = (p: Parameters<SharedAccess['policy']['grants']['apply']>[1]) =>
      t.app.get(SharedAccess).policy.grants.apply({ query: t.query } as unknown as Queryable, p);
    const person = {
      ownerUserId: me.sub,
      viewerUserId: null,
      email: 'details@example.com',
      name: 'Dee Tails',
      enabled: true,
      expiresAt: null,
      version: 1,
    };
    const [all, limited] = [randomUUID(), randomUUID()];
    const study = rows.find((r) => r.kind === 'study')!;
    const report = rows.find((r) => r.kind === 'document')!;
    await apply({ ...person, recipientId: all, allRecords: true, items: [] });
    await apply({
      ...person,
      recipientId: limited,
      allRecords: false,
      items: [
        { patientRequestId: study.patientRequestId, studyUid: study.study_instance_uid, documentId: null },
        { patientRequestId: report.patientRequestId, studyUid: null, documentId: report.id },
      ],
    });
    const ids = (g: { rows: LibraryGridRow[] }) => g.rows.map((r) => r.id).sort();
    expect(ids(await grid(patient, { sharedWith: all }))).toEqual(rows.map((r) => r.id).sort());
    expect(ids(await grid(patient, { sharedWith: limited }))).toEqual([study.id, report.id].sort());
    // The owner's rows, with the owner's stars: nothing marked shared with the owner.
    expect((await grid(patient, { sharedWith: limited })).rows.every((r) => !r.sharedWithMe)).toBe(true);
    // Another patient naming the owner's person, and an id that is no uuid.
    expect((await load(other, { sharedWith: all })).status).toBe(404);
    expect((await load(patient, { sharedWith: 'not-an-id' })).body).toMatchObject({
      statusCode: 400,
      message: 'sharedWith is not valid',
    });
    // Switched off (or removed): nothing is seen any more.
    for (const recipientId of [all, limited])
      await apply({ ...person, recipientId, allRecords: false, items: [], enabled: false, version: 2 });
    expect((await grid(patient, { sharedWith: all })).rows).toEqual([]);
  });

  describe('0, 1, 500, 501 and 10,000 rows', () => {
    let bulk: string;
    let bulkUser: string;
    let requestId: string;
    beforeAll(async () => {
      const res = await call(t.app, 'POST', '/api/auth/registerAccount', {
        body: { email: `bulk-${randomUUID().slice(0, 8)}@example.com`, password: 'First-Pass-1' },
      });
      expect(res.status).toBe(201);
      bulk = res.body.token;
      bulkUser = res.body.user.userId;
      requestId = randomUUID();
      await t.query(
        `INSERT INTO records.library_requests (id, user_id, person_id, custodian_id, custodian_name, status, doc_req_types, created_at, patient_first_name, patient_last_name)
         VALUES ($1, $2, $3, $4, 'Bulk Imaging', 'Completed', ARRAY['IMAGES'], now() - interval '30 days', 'Bo', 'Bulk')`,
        [requestId, bulkUser, res.body.user.personId, randomUUID()],
      );
    });
    /** Studies up to `n` in all; three at a time share a created_at, so the id breaks ties. */
    const fillTo = async (n: number) => {
      await t.query(
        `INSERT INTO records.studies (id, user_id, patient_request_id, study_instance_uid, modality, study_description, study_date, total_instances, created_at)
         SELECT gen_random_uuid(), $1, $2, '1.2.826.' || i, 'CT', 'Chest ' || i, date '2020-01-01' + (i % 1000), 1 + i % 50, timestamp '2026-01-01' + (i / 3) * interval '1 second'
         FROM generate_series((SELECT count(*)::int FROM records.studies WHERE user_id = $1) + 1, $3::int) AS i`,
        [bulkUser, requestId, n],
      );
    };
    const expectedIds = async () =>
      (
        await t.query(`SELECT id FROM records.studies WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [
          bulkUser,
        ])
      ).map((r) => r.id);

    it('0 rows: a request without records is its one row; no records at all is an empty grid', async () => {
      const fresh = await call(t.app, 'POST', '/api/auth/registerAccount', {
        body: { email: `empty-${randomUUID().slice(0, 8)}@example.com`, password: 'First-Pass-1' },
      });
      expect(await grid(fresh.body.token)).toMatchObject({ total: 0, rows: [], chunks: [0] });
      const g = await grid(bulk);
      expect(g.rows).toEqual([
        expect.objectContaining({
          kind: 'request',
          id: requestId,
          page: 'review-request-details',
          patientName: 'Bo Bulk',
          facilityName: 'Bulk Imaging',
        }),
      ]);
    });

    it.each([1, 500, 501])('%i rows: every row once, newest first, chunks of 500 with hasMore', async (n) => {
      await fillTo(n);
      const g = await grid(bulk);
      expect(g.total).toBe(n);
      expect(g.chunks).toEqual(n <= 500 ? [n] : [500, n - 500]);
      expect(g.rows.map((r) => r.id)).toEqual(await expectedIds());
      expect(g.rows[0]).toMatchObject({
        kind: 'study',
        patientRequestId: requestId,
        showImagingView: true,
        docReqType: 'IMAGES',
        requestTypes: ['Images'],
      });
    });

    it('cuts unaligned windows from the stored chunks', async () => {
      const g = await grid(bulk);
      const across = await fetchChunk(bulk, g.identifier, 495, 10);
      expect(across.body).toEqual({ rows: g.rows.slice(495, 501), hasMore: false });
      const inside = await fetchChunk(bulk, g.identifier, 10, 5);
      expect(inside.body).toEqual({ rows: g.rows.slice(10, 15), hasMore: true });
      expect((await fetchChunk(bulk, g.identifier, 1000)).body).toEqual({ rows: [], hasMore: false });
    });

    it('10,000 rows', async () => {
      await fillTo(10_000);
      const g = await grid(bulk);
      expect(g.total).toBe(10_000);
      expect(g.chunks).toEqual(Array(20).fill(500));
      expect(g.rows.map((r) => r.id)).toEqual(await expectedIds());
      expect(
        await t.query(
          `SELECT chunk_offset, row_count FROM records.grid_chunks WHERE snapshot_id = $1 ORDER BY chunk_offset LIMIT 2`,
          [g.identifier],
        ),
      ).toEqual([
        { chunk_offset: 0, row_count: 500 },
        { chunk_offset: 500, row_count: 500 },
      ]);
    });
  });

  describe('stars', () => {
    const star = (token: string, body: unknown, path: string = RECORDS_API.starResponse) =>
      call(t.app, 'POST', path, { token, body });

    it('stars and unstars idempotently; the next snapshot and favourites show it', async () => {
      const { rows } = await demoRows();
      const study = rows.find((r) => r.kind === 'study')!;
      const body = {
        patientRequestId: study.patientRequestId,
        cfindResponseId: study.id,
        docReqType: study.docReqType,
      };
      expect(await star(patient, body)).toMatchObject({ status: 200, body: { starred: true } });
      expect(await star(patient, body)).toMatchObject({ status: 200, body: { starred: true } });
      expect(
        await t.query(
          `SELECT count(*)::int AS n FROM records.stars WHERE user_id = $1 AND response_id = $2`,
          [me.sub, study.id],
        ),
      ).toEqual([{ n: 1 }]);
      expect((await grid(patient)).rows.find((r) => r.id === study.id)!.starred).toBe(true);
      expect((await grid(patient, { onlyFavourites: true })).rows.map((r) => r.id)).toEqual([study.id]);
      const request = await call(t.app, 'GET', RECORDS_API.patientRequest(study.patientRequestId), {
        token: patient,
      });
      expect(
        request.body.approved_cfind_responses.find((a: { id: string }) => a.id === study.id).starred,
      ).toBe(true);

      expect(await star(patient, body, RECORDS_API.unstarResponse)).toMatchObject({
        status: 200,
        body: { starred: false },
      });
      expect(await star(patient, body, RECORDS_API.unstarResponse)).toMatchObject({
        status: 200,
        body: { starred: false },
      });
      expect((await grid(patient)).rows.find((r) => r.id === study.id)!.starred).toBe(false);
      expect((await grid(patient, { onlyFavourites: true })).rows).toEqual([]);
    });

    it("gives another patient's response, a response of another request and bad input the right refusal, keeping nothing", async () => {
      const { rows } = await demoRows();
      const [study] = rows.filter((r) => r.kind === 'study');
      const bareRequest = rows.find((r) => r.kind === 'request')!;
      const body = {
        patientRequestId: study.patientRequestId,
        cfindResponseId: study.id,
        docReqType: 'IMAGES',
      };
      expect((await star(other, body)).status).toBe(404);
      expect((await star(other, body, RECORDS_API.unstarResponse)).status).toBe(404);
      expect((await star(patient, { ...body, patientRequestId: bareRequest.id })).status).toBe(404);
      expect((await star(patient, { ...body, cfindResponseId: randomUUID() })).status).toBe(404);
      expect(
        (await star(patient, { patientRequestId: study.patientRequestId, docReqType: 'IMAGES' })).body,
      ).toMatchObject({ statusCode: 400, message: 'cfindResponseId is required' });
      expect((await star(patient, { ...body, patientRequestId: 'x' })).body).toMatchObject({
        statusCode: 400,
        message: 'patientRequestId is not valid',
      });
      expect((await star(viewer, body)).status).toBe(403);
      expect(await t.query(`SELECT count(*)::int AS n FROM records.stars`)).toEqual([{ n: 0 }]);
    });

    it('the shared star answers 404 for a record not shared with the caller and validates its input', async () => {
      const { rows } = await demoRows();
      const study = rows.find((r) => r.kind === 'study')!;
      const body = {
        patientRequestId: study.patientRequestId,
        studyUid: study.study_instance_uid,
        documentId: null,
        starred: true,
      };
      expect((await star(viewer, body, RECORDS_API.sharedStarResponse)).status).toBe(404);
      expect((await star(other, body, RECORDS_API.sharedStarResponse)).status).toBe(404);
      expect(
        (await star(viewer, { ...body, studyUid: 'not a uid' }, RECORDS_API.sharedStarResponse)).body,
      ).toMatchObject({ statusCode: 400, message: 'studyUid is not a DICOM UID' });
      expect(
        (await star(viewer, { ...body, starred: undefined }, RECORDS_API.sharedStarResponse)).body,
      ).toMatchObject({ statusCode: 400, message: 'starred is required' });
      expect(
        (await star(viewer, { ...body, studyUid: null }, RECORDS_API.sharedStarResponse)).body,
      ).toMatchObject({ statusCode: 400, message: 'Name either studyUid or documentId' });
      expect(await t.query(`SELECT count(*)::int AS n FROM records.shared_stars`)).toEqual([{ n: 0 }]);
    });
  });

  describe('init and person scope', () => {
    it("answers the viewer setting for the caller's own person and family members; anyone else is 404", async () => {
      // Issue 30: no word from billing yet: storage open, nothing due.
      expect((await call(t.app, 'GET', RECORDS_API.init, { token: patient })).body).toEqual({
        enable_dicom_viewer: true,
        personId: me.personId,
        storage: { open: true, pastDue: false },
      });
      expect(
        (
          await call(t.app, 'GET', `${RECORDS_API.init}?personId=${claimsOf(other).personId}`, {
            token: patient,
          })
        ).status,
      ).toBe(404);
      expect(
        (await call(t.app, 'GET', `${RECORDS_API.init}?personId=bad`, { token: patient })).body,
      ).toMatchObject({ statusCode: 400, message: 'personId is not valid' });

      const added = await call(t.app, 'POST', '/api/myIdentity/familyMembers', {
        token: patient,
        body: { firstName: 'Kim', lastName: 'Jordan', relationshipTypeId: 4 },
      });
      expect(added.status).toBe(201);
      const memberId = (
        await eventually(
          () =>
            t.query(`SELECT id FROM records.family_members WHERE user_id = $1 AND first_name = 'Kim'`, [
              me.sub,
            ]),
          (r) => r.length === 1,
        )
      )[0].id;
      expect(
        (await call(t.app, 'GET', `${RECORDS_API.init}?personId=${memberId}`, { token: patient })).body,
      ).toEqual({ enable_dicom_viewer: true, personId: memberId, storage: { open: true, pastDue: false } });
      // The family member's request only, in a grid of that person; the own person's grid leaves it out.
      const kimRequest = randomUUID();
      await t.query(
        `INSERT INTO records.library_requests (id, user_id, person_id, custodian_id, custodian_name, status, doc_req_types, created_at, patient_first_name, patient_last_name)
         VALUES ($1, $2, $3, $4, 'Lakeside Radiology', 'New', ARRAY['REPORTS'], now(), 'Kim', 'Jordan')`,
        [kimRequest, me.sub, memberId, randomUUID()],
      );
      expect((await grid(patient, { personId: memberId })).rows.map((r) => [r.id, r.patientName])).toEqual([
        [kimRequest, 'Kim Jordan'],
      ]);
      const own = (await grid(patient, { personId: me.personId })).rows;
      expect(own.length).toBeGreaterThan(0);
      expect(own.some((r) => r.id === kimRequest)).toBe(false);
      expect((await grid(patient)).rows.some((r) => r.id === kimRequest)).toBe(true);
      expect((await load(other, { personId: memberId })).status).toBe(404);
      expect((await load(patient, { personId: claimsOf(other).personId })).status).toBe(404);
    });
  });

  describe('patient request calls', () => {
    it("answers the owner's request with patient name, documents, counts and one document; 404 for anyone else", async () => {
      const [facility] = (await call(t.app, 'GET', '/api/facility/getCustodians?filterStr=St.%20Mary')).body;
      const submitted = await submitPatientRequest(t.app, patient, {
        custodian_id: facility.id,
        mrn: 'SM-1',
        patientFirstName: 'Pat',
        patientLastName: 'Jordan',
        patientDOB: '03/12/1984',
        docReqType: ['IMAGES', 'REPORTS'],
      });
      expect(submitted.status).toBe(201);
      const id = submitted.body.id as string;
      const request = await eventually(
        () => call(t.app, 'GET', RECORDS_API.patientRequest(id), { token: patient }),
        (r) => r.status === 200,
      );
      expect(request.body).toMatchObject({
        id,
        patients: [{ first_name: 'Pat', last_name: 'Jordan' }],
        manual_upload_dicom: false,
        has_attachments: false,
        approved_cfind_responses: [],
      });

      const docReq = randomUUID();
      const report = randomUUID();
      await t.query(
        `INSERT INTO records.documents (id, user_id, patient_request_id, document_request_id, document_request_type, file_name, blob_key, content_type, size)
         VALUES ($1, $2, $3, $4, 'REPORTS', 'report.pdf', $6, 'application/pdf', 10), ($5, $2, $3, $4, 'REPORTS', 'scan.png', $7, 'image/png', 10)`,
        [report, me.sub, id, docReq, randomUUID(), `provider/${report}`, `provider/${randomUUID()}`],
      );
      const withDocs = await call(t.app, 'GET', RECORDS_API.patientRequest(id), { token: patient });
      expect(withDocs.body.has_attachments).toBe(true);
      expect(withDocs.body.approved_cfind_responses).toHaveLength(2);
      expect((await call(t.app, 'GET', RECORDS_API.documentCounts(id), { token: patient })).body).toEqual({
        total: 2,
        studies: 0,
        byType: { REPORTS: 2 },
      });
      const doc = await call(t.app, 'GET', RECORDS_API.documentById(id, docReq, report), { token: patient });
      expect(doc.body).toEqual({
        id: report,
        file_name: 'report.pdf',
        content_type: 'application/pdf',
        document_request_id: docReq,
        document_request_type: 'REPORTS',
        created: expect.any(String),
        enhanceable: true,
      });
      // The documents are grid rows of the request, with attachments.
      const rows = (await grid(patient)).rows.filter((r) => r.patientRequestId === id);
      expect(rows.map((r) => r.kind).sort()).toEqual(['document', 'document']);
      expect(
        rows.every(
          (r) => r.has_attachments && r.page === 'view-request-report-details' && r.docReqType === 'REPORTS',
        ),
      ).toBe(true);

      for (const url of [
        RECORDS_API.patientRequest(id),
        RECORDS_API.documentCounts(id),
        RECORDS_API.documentById(id, docReq, report),
      ]) {
        expect((await call(t.app, 'GET', url, { token: other })).status).toBe(404);
        expect((await call(t.app, 'GET', url, { token: viewer })).status).toBe(404);
      }
      expect(
        (await call(t.app, 'GET', RECORDS_API.patientRequest(randomUUID()), { token: patient })).status,
      ).toBe(404);
      expect(
        (await call(t.app, 'GET', RECORDS_API.patientRequest('not-an-id'), { token: patient })).status,
      ).toBe(404);
      expect(
        (await call(t.app, 'GET', RECORDS_API.documentById(id, randomUUID(), report), { token: patient }))
          .status,
      ).toBe(404);
      expect(
        (
          await t.query(
            `SELECT count(*)::int AS n FROM records.audit_log WHERE resource_id = $1 AND action = 'records.read'`,
            [id],
          )
        )[0].n,
      ).toBeGreaterThan(0);
    });
  });
});
