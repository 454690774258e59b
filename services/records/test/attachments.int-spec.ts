import { randomUUID } from 'node:crypto';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import {
  type EnhancedReportAnswer,
  type LibraryAttachment,
  type PatientRequest,
  RECORDS_API,
} from '@portal/contracts';
import { BLOB_STORE, DEMO_PASSWORD, demoId, type DiskBlobStore, USER_FILE_CSP } from '@portal/server-kit';
import { call, eventually, startTestApp, TEST_PNG, type TestApp } from '@portal/server-kit/testing';
import { RecordsDemoSeed } from '../src/demo/seed-demo';
import { extractPdfText } from '../src/enhanced-report/pdf-text';
import type { Queryable } from '@portal/server-kit';
import { SharedAccess } from '../src/library/shared-access';

// Attachments, download identifiers, generatePdf and the enhanced report on real PostgreSQL, over the
// demo patient's library: the completed request to St. Mary with its DICOM studies (imaging's seed) and
// its radiologist's report, and two self-uploaded PDFs (the records seed).
const COMPLETED = demoId('patient-request:completed-ct');
const REPORT = demoId('records-document:completed-ct-report');

describe('attachments, downloads and the enhanced report', () => {
  let t: TestApp;
  let store: DiskBlobStore;
  let patient: string;
  let other: string;
  let viewer: string;
  let studyId: string;
  const login = async (email: string) =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { username: email, password: DEMO_PASSWORD } }))
      .body.token as string;
  const get = (url: string, token?: string) => call(t.app, 'GET', url, { token });
  /** The raw answer of a download (no token), bytes and headers. */
  const download = async (identifier: string) => {
    const res = await t.app.inject({ method: 'GET', url: RECORDS_API.download(identifier) });
    return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers, body: res.body };
  };

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], { seed: true });
    store = t.app.get<DiskBlobStore>(BLOB_STORE);
    patient = await login('patient@example.com');
    other = await login('multi@example.com');
    viewer = await login('viewer@example.com');
    const library = await eventually(
      () => get(RECORDS_API.studyData, patient).then((r) => r.body as PatientRequest[]),
      (d) =>
        d.some(
          (r) =>
            r.id === COMPLETED && r.approved_cfind_responses.filter((a) => a.cfind_response).length === 3,
        ),
    );
    studyId = library
      .find((r) => r.id === COMPLETED)!
      .approved_cfind_responses.find(
        (a) => a.cfind_response?.modality === 'MR' && a.cfind_response.study_description === 'BRAIN',
      )!.id;
  }, 180_000);
  afterAll(() => t?.close());

  it('seeds the demo patient a radiology report and two self uploads, once', async () => {
    const library = (await get(RECORDS_API.studyData, patient)).body as PatientRequest[];
    const selfUploads = await t.query(
      `SELECT record_name, to_char(exam_date, 'YYYY-MM-DD') AS exam_date FROM records.library_requests WHERE manual_upload ORDER BY exam_date`,
    );
    expect(selfUploads).toEqual([
      { record_name: 'Blood test results', exam_date: '2025-03-01' },
      { record_name: 'Knee X-ray report', exam_date: '2025-06-01' },
    ]);
    // 3 studies and the report on the completed request, 2 self uploads: more than 4 records.
    const records =
      library.flatMap((r) => r.approved_cfind_responses).length +
      (
        await t.query(
          `SELECT 1 FROM records.documents WHERE user_id = (SELECT user_id FROM records.library_requests WHERE id = $1)`,
          [COMPLETED],
        )
      ).length;
    expect(records).toBeGreaterThan(4);
    await t.app.get(RecordsDemoSeed).onApplicationBootstrap();
    expect(await t.query(`SELECT 1 FROM records.library_requests WHERE manual_upload`)).toHaveLength(2);
    expect(
      await t.query(`SELECT 1 FROM records.documents WHERE patient_request_id = $1`, [COMPLETED]),
    ).toHaveLength(1);
  });

  it("lists a study's attachments (the report, enhanceable) and a document's (itself)", async () => {
    const forStudy = await get(RECORDS_API.attachments(COMPLETED, studyId), patient);
    expect(forStudy.status).toBe(200);
    expect(forStudy.body as LibraryAttachment[]).toEqual([
      expect.objectContaining({
        id: REPORT,
        file_name: 'MRI brain report.pdf',
        content_type: 'application/pdf',
        document_request_type: 'REPORTS',
        enhanceable: true,
      }),
    ]);
    expect(
      (await get(RECORDS_API.attachments(COMPLETED, REPORT), patient)).body.map(
        (a: LibraryAttachment) => a.id,
      ),
    ).toEqual([REPORT]);
    expect(
      await t.query(
        `SELECT 1 FROM records.audit_log WHERE action = 'records.attachments-read' AND resource_id = $1`,
        [COMPLETED],
      ),
    ).not.toHaveLength(0);
  });

  it('opens an attachment through a download identifier, without a token, embeddable in a frame of the portal', async () => {
    const answer = await get(RECORDS_API.attachmentContent(COMPLETED, REPORT), patient);
    expect(answer.status).toBe(200);
    expect(answer.body.identifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = await download(answer.body.identifier);
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="MRI brain report.pdf"; filename*=UTF-8''MRI%20brain%20report.pdf`,
      'cache-control': 'private, no-store',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(await extractPdfText(file.bytes)).toContain('IMPRESSION');
  });

  it('answers 404 for unknown, malformed and expired identifiers', async () => {
    expect((await download('A'.repeat(43))).status).toBe(404);
    expect((await download('not-an-identifier')).status).toBe(404);
    const { identifier } = (await get(RECORDS_API.attachmentContent(COMPLETED, REPORT), patient)).body;
    expect((await download(identifier)).status).toBe(200);
    await t.query(
      `UPDATE records.download_identifiers SET expires_at = now() - interval '1 second' WHERE identifier = $1`,
      [identifier],
    );
    const expired = await download(identifier);
    expect(expired.status).toBe(404);
    expect(JSON.parse(expired.body)).toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Download not found',
    });
  });

  it('generates the PDF of a study (a one-page summary) and of a PDF document (itself)', async () => {
    const summary = await get(RECORDS_API.generatePdf(COMPLETED, studyId), patient);
    expect(summary.status).toBe(200);
    const file = await download(summary.body.identifier);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await extractPdfText(file.bytes);
    for (const s of [
      'Pat Jordan',
      'St. Mary Imaging Center',
      'Modality: MR',
      'Instances: 20',
      'MRI brain report.pdf',
    ])
      expect(text).toContain(s);
    const own = await download(
      (await get(RECORDS_API.generatePdf(COMPLETED, REPORT), patient)).body.identifier,
    );
    expect(
      own.bytes.equals(
        await store.read(
          (await t.query(`SELECT blob_key FROM records.documents WHERE id = $1`, [REPORT]))[0].blob_key,
        ),
      ),
    ).toBe(true);
  });

  it("makes the enhanced report of the radiologist's report until it is ready, with the glossary's explanations, and reuses it", async () => {
    const started = await get(RECORDS_API.enhancedReport(COMPLETED, REPORT), patient);
    expect(started.status).toBe(200);
    const { identifier } = started.body;
    const ready = await eventually(
      () =>
        get(RECORDS_API.enhancedReportStatus(identifier), patient).then(
          (r) => r.body as EnhancedReportAnswer,
        ),
      (a) => a.isReady,
    );
    expect(ready).toEqual({
      isReady: true,
      data: { identifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    const page = await download(ready.data!.identifier);
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': USER_FILE_CSP,
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(page.body).toContain('<title>Patient-friendly report</title>');
    expect(page.body).toContain('does not replace that report or your doctor&#39;s advice');
    expect(page.body).toContain('<h2>What these words mean</h2>');
    expect(page.body).toContain(
      '<dt>infarct</dt><dd>An area of tissue that was damaged because its blood supply was blocked. In the brain this is a stroke.</dd>',
    );
    expect(page.body).toMatch(/<mark title="[^"]+">hemorrhage<\/mark>/);
    expect((await get(RECORDS_API.enhancedReport(COMPLETED, REPORT), patient)).body).toEqual({ identifier });
  });

  it('refuses an enhanced report of what is no PDF report, and reports a report that cannot be read as failed', async () => {
    // A self-uploaded image: no report to explain.
    const pngForm = await get(
      `${RECORDS_API.uploadForm}?fileName=photo.png&size=${TEST_PNG.length}&recordType=OTHERS`,
      patient,
    );
    await store.acceptUpload(pngForm.body.inputs, TEST_PNG);
    const claims = JSON.parse(Buffer.from(patient.split('.')[1], 'base64url').toString());
    const kept = await call(t.app, 'POST', RECORDS_API.manuallyUploadImages, {
      token: patient,
      body: {
        uploaded_images: [{ id: pngForm.body.key, path: 'photo.png', file_name: 'photo.png' }],
        family_member_id: null,
        personId: claims.personId,
        examDate: '01/05/2025',
        recordName: 'Rash photo',
        recordType: 'OTHERS',
      },
    });
    const [photo] = await t.query(`SELECT id FROM records.documents WHERE patient_request_id = $1`, [
      kept.body.patientRequestId,
    ]);
    expect(
      (await get(RECORDS_API.enhancedReport(kept.body.patientRequestId, photo.id), patient)).body,
    ).toMatchObject({ statusCode: 400, message: 'Only a PDF report can be made patient-friendly' });
    // Its generated PDF is a summary naming the record and 'Self Uploaded'.
    const text = await extractPdfText(
      (
        await download(
          (await get(RECORDS_API.generatePdf(kept.body.patientRequestId, photo.id), patient)).body.identifier,
        )
      ).bytes,
    );
    expect(text).toContain('Self Uploaded');
    expect(text).toContain('Rash photo');
    // A PDF (by its first bytes) that PDF.js cannot read.
    const broken = Buffer.from('%PDF-1.7\nthis is not really a PDF at all\n%%EOF\n');
    const pdfForm = await get(
      `${RECORDS_API.uploadForm}?fileName=broken.pdf&size=${broken.length}&recordType=REPORTS`,
      patient,
    );
    await store.acceptUpload(pdfForm.body.inputs, broken);
    const keptPdf = await call(t.app, 'POST', RECORDS_API.manuallyUploadImages, {
      token: patient,
      body: {
        uploaded_images: [{ id: pdfForm.body.key, path: 'broken.pdf', file_name: 'broken.pdf' }],
        family_member_id: null,
        personId: claims.personId,
        examDate: '01/05/2025',
        recordName: 'Broken',
        recordType: 'REPORTS',
      },
    });
    const [doc] = await t.query(`SELECT id FROM records.documents WHERE patient_request_id = $1`, [
      keptPdf.body.patientRequestId,
    ]);
    const { identifier } = (
      await get(RECORDS_API.enhancedReport(keptPdf.body.patientRequestId, doc.id), patient)
    ).body;
    const failed = await eventually(
      () => get(RECORDS_API.enhancedReportStatus(identifier), patient),
      (r) => r.status !== 200,
    );
    expect(failed.body).toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/^The enhanced report could not be made/),
    });
  });

  it('lets a person the report is shared with (all records, or the report itself) list and open it, and nobody else; the owner is the audit subject', async () => {
    const owner = (
      await t.query(`SELECT user_id FROM records.library_requests WHERE id = $1`, [COMPLETED])
    )[0].user_id as string;
    const viewerId = JSON.parse(Buffer.from(viewer.split('.')[1], 'base64url').toString()).sub as string;
    const share = (recipientId: string, over: object) =>
      t.app.get(SharedAccess).policy.grants.apply({ query: t.query } as unknown as Queryable, {
        recipientId,
        ownerUserId: owner,
        viewerUserId: viewerId,
        email: 'viewer@example.com',
        name: 'Vi Ewer',
        enabled: true,
        allRecords: false,
        items: [],
        expiresAt: null,
        version: 1,
        ...over,
      });
    const opens = async (token: string) => {
      const answer = await get(RECORDS_API.attachmentContent(COMPLETED, REPORT), token);
      return answer.status === 200
        ? (await download(answer.body.identifier)).bytes.subarray(0, 5).toString()
        : answer.status;
    };
    const recipient = randomUUID();
    // All records: the report opens (the bug of issue 24: 404 'Unable to load file.').
    await share(recipient, { allRecords: true });
    expect(
      (await get(RECORDS_API.attachments(COMPLETED, REPORT), viewer)).body.map(
        (a: LibraryAttachment) => a.id,
      ),
    ).toEqual([REPORT]);
    expect(await opens(viewer)).toBe('%PDF-');
    expect(
      (await get(RECORDS_API.attachments(COMPLETED, studyId), viewer)).body.map(
        (a: LibraryAttachment) => a.id,
      ),
    ).toEqual([REPORT]);
    expect(
      await t.query(
        `SELECT subject_id FROM records.audit_log WHERE action = 'records.attachment-opened' AND actor_id = $1`,
        [viewerId],
      ),
    ).toEqual([{ subject_id: owner }]);
    // Limited to the report itself: still opens.
    await share(recipient, {
      version: 2,
      items: [{ patientRequestId: COMPLETED, studyUid: null, documentId: REPORT }],
    });
    expect(await opens(viewer)).toBe('%PDF-');
    // Limited to another record of the owner (a self upload): the report of the completed request does not open.
    const [selfUpload] = await t.query(
      `SELECT id, patient_request_id FROM records.documents WHERE user_id = $1 AND patient_request_id <> $2 LIMIT 1`,
      [owner, COMPLETED],
    );
    await share(recipient, {
      version: 3,
      items: [{ patientRequestId: selfUpload.patient_request_id, studyUid: null, documentId: selfUpload.id }],
    });
    expect(await opens(viewer)).toBe(404);
    // Switched off: nothing opens; another patient never could.
    await share(recipient, { version: 4, allRecords: true, enabled: false });
    expect(await opens(viewer)).toBe(404);
    expect(await opens(other)).toBe(404);
  });

  it("gives another patient, and a viewer the records are not shared with, 404 for every id of the patient's", async () => {
    const { identifier } = (await get(RECORDS_API.enhancedReport(COMPLETED, REPORT), patient)).body;
    for (const token of [other, viewer]) {
      for (const url of [
        RECORDS_API.attachments(COMPLETED, studyId),
        RECORDS_API.attachments(COMPLETED, REPORT),
        RECORDS_API.attachmentContent(COMPLETED, REPORT),
        RECORDS_API.generatePdf(COMPLETED, studyId),
        RECORDS_API.generatePdf(COMPLETED, REPORT),
      ]) {
        expect([url, (await get(url, token)).status]).toEqual([url, 404]);
      }
    }
    expect((await get(RECORDS_API.enhancedReport(COMPLETED, REPORT), other)).status).toBe(404);
    expect((await get(RECORDS_API.enhancedReportStatus(identifier), other)).status).toBe(404);
    // The enhanced report is the patient's own feature: a viewer is outside its role.
    expect((await get(RECORDS_API.enhancedReport(COMPLETED, REPORT), viewer)).status).toBe(403);
    expect((await get(RECORDS_API.enhancedReportStatus(identifier), viewer)).status).toBe(403);
    // Ids that are no uuid are missing ones; no token is 401.
    expect((await get(RECORDS_API.attachments('x', 'y'), patient)).status).toBe(404);
    expect((await get(RECORDS_API.enhancedReportStatus('x'), patient)).status).toBe(404);
    expect((await get(RECORDS_API.attachments(COMPLETED, studyId))).status).toBe(401);
  });
});
