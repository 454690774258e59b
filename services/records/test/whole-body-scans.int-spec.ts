import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { DEMO_WBS, RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import { ProviderContext } from '@portal/provider-service';
import {
  DICOMWEB_API,
  type FindingInput,
  type KeyImageCandidate,
  PROVIDER_WHOLE_BODY_SCAN_API as FACILITY,
  type PublishScanInput,
  WHOLE_BODY_SCAN_API as API,
} from '@portal/contracts';
import { BLOB_STORE, DEMO_PASSWORD, type DiskBlobStore } from '@portal/server-kit';
import { call, eventually, startTestApp, TEST_PDF, type TestApp } from '@portal/server-kit/testing';

jest.setTimeout(180_000);

const VIDEO = fs.readFileSync(path.join(__dirname, '..', 'src', 'demo', 'wbs-video-report.webm'));

// Whole body scans on real PostgreSQL with every context the flow crosses: the demo seed's scans read by
// their patient, a facility's staff (known from provider.staff-assigned) publishing with files uploaded
// through the presigned flow (handed to the disk store's upload target as the gateway does), key images
// of the instances imaging announced, consultations, scheduling and the mails of each.
describe('whole body scans: the patient reads, the facility publishes and schedules', () => {
  let t: TestApp;
  let store: DiskBlobStore;
  let patient: string;
  let other: string;
  let provider: string;
  let provider2: string;
  const login = async (email: string) =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { username: email, password: DEMO_PASSWORD } }))
      .body.token as string;
  const sub = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const get = (token: string | undefined, url: string) => call(t.app, 'GET', url, { token });
  const post = (token: string, url: string, body: unknown) => call(t.app, 'POST', url, { token, body });
  const countScans = async () =>
    (await t.query(`SELECT count(*)::int AS n FROM records.whole_body_scans`))[0].n as number;

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext, ProviderContext], {
      seed: true,
    });
    store = t.app.get<DiskBlobStore>(BLOB_STORE);
    [patient, other, provider, provider2] = await Promise.all(
      ['patient@example.com', 'patient2@example.com', 'provider@example.com', 'provider2@example.com'].map(
        login,
      ),
    );
    // The facility's staff come from the provider context's events.
    await eventually(
      () => get(provider, FACILITY.setup),
      (r) => r.status === 200,
    );
  });
  afterAll(() => t?.close());

  /** A report file through the presigned flow: the form, then the bytes to the upload target. */
  const upload = async (
    token: string,
    fileName: string,
    bytes: Buffer,
    kind: 'PDF_REPORT' | 'VIDEO_REPORT',
  ) => {
    const form = await get(
      token,
      `${FACILITY.uploadForm}?fileName=${encodeURIComponent(fileName)}&size=${bytes.length}&kind=${kind}`,
    );
    expect(form.status).toBe(200);
    await store.acceptUpload(form.body.inputs, bytes);
    return form.body.key as string;
  };
  const typeId = async (name: string) => {
    const setup = await get(provider, FACILITY.setup);
    return setup.body.facilities[0].finding_types.find((f: { name: string }) => f.name === name).id as string;
  };
  const candidates = () =>
    eventually(
      () =>
        get(provider, `${FACILITY.keyImageCandidates}?patientRequestId=${DEMO_WBS.patientRequest}`).then(
          (r) => r.body as KeyImageCandidate[],
        ),
      (c) => Array.isArray(c) && c.some((i) => i.modality === 'CT'),
    );
  const finding = (over: Partial<FindingInput> & { findingTypeId: string }): FindingInput => ({
    outcome: 'NO_ADVERSE_FINDING',
    pathology: null,
    priorFindingId: null,
    keyImages: [],
    pdfReports: [],
    nextSteps: [],
    children: [],
    ...over,
  });

  it("shows the demo patient's scans: list, launchers, the findings tree with changes and consultations", async () => {
    const list = await get(patient, API.loadGrid);
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([DEMO_WBS.recentScan, DEMO_WBS.earlierScan]);
    expect(list.body[0]).toMatchObject({
      scan_date: '2026-11-02',
      organization: { id: DEMO_WBS.facility, name: 'St. Mary Imaging Center' },
      patient: { first_name: 'Pat', last_name: 'Jordan', patient_sex: { mnemonic: 'FEMALE' } },
      findings_count: 7,
      top_outcome: 'MAJOR_FINDING',
    });
    expect((await get(patient, API.patientPlusUIData)).body).toEqual([
      {
        organization_id: DEMO_WBS.facility,
        title: 'View on St. Mary Whole Body',
        url: 'https://wholebody.stmary.example/patient',
      },
    ]);
    const scan = (await get(patient, API.scan(DEMO_WBS.recentScan))).body;
    expect(scan.prior_scan).toEqual({ id: DEMO_WBS.earlierScan, scan_date: '2025-11-12' });
    const summary = scan.findings.map((f: any) => [
      f.organization_whole_body_scan_finding_type.name,
      f.whole_body_scan_finding_outcome?.mnemonic ?? null,
      f.change,
      f.child_findings.length,
    ]);
    expect(summary).toEqual([
      ['Brain', null, 'STABLE', 0],
      ['Lungs', 'MINOR_FINDING', 'STABLE', 0],
      ['Kidneys', 'INFORMATIONAL_FINDING', 'STABLE', 1],
      ['Heart', 'MAJOR_FINDING', 'NEW', 1],
      ['Spine', 'INFORMATIONAL_FINDING', 'NEW', 0],
      ['Liver', 'MINOR_FINDING', 'RESOLVED', 0],
    ]);
    const heart = scan.findings[3];
    expect(heart).toMatchObject({
      id: DEMO_WBS.majorFinding,
      pathology_finding: { name: 'Coronary artery calcification' },
      document_counts: { key_images: 1, pdf_reports: 1, recommended_next_steps: 3 },
      organization_whole_body_scan_finding_type: {
        icon: 'favorite',
        body_parts: [{ body_part: { mnemonic: 'HEART' } }],
      },
    });
    expect(heart.organization_whole_body_scan_finding_type.wiki).toMatch(/coronary arteries/);
    const consult = scan.consult_requests.find((c: any) => c.id === DEMO_WBS.scheduledConsultation);
    expect(consult.status).toEqual({ mnemonic: 'SCHEDULED', name: 'Scheduled' });
    expect(consult.video_meetings.map((m: any) => m.meeting_link)).toEqual([
      `/videoMeeting/${DEMO_WBS.openMeeting}/${DEMO_WBS.openMeetingPatientParticipant}`,
      `/videoMeeting/${DEMO_WBS.scheduledMeeting}/${DEMO_WBS.scheduledMeetingPatientParticipant}`,
    ]);
    const earlier = (await get(patient, API.scan(DEMO_WBS.earlierScan))).body;
    expect(earlier.findings.every((f: any) => f.change === null)).toBe(true);
    expect(earlier.consult_requests[0].status.mnemonic).toBe('REQUESTED');
    // Every read is audited with the patient as its subject.
    const audit = await t.query(
      `SELECT action FROM records.audit_log WHERE subject_id = $1 AND action LIKE 'records.wbs-%'`,
      [sub(patient)],
    );
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'records.wbs-list-read',
        'records.wbs-scan-read',
        'records.wbs-launchers-read',
      ]),
    );
  });

  it('serves the video report with range requests, so it seeks', async () => {
    const videos = (await get(patient, API.videoReports(DEMO_WBS.recentScan))).body;
    expect(videos).toEqual([{ id: DEMO_WBS.videoReport, file_name: 'Your scan explained.webm' }]);
    const { url } = (await get(patient, API.videoReport(DEMO_WBS.recentScan, DEMO_WBS.videoReport))).body;
    expect(url).toMatch(/^\/api\/download\/[A-Za-z0-9_-]{43}$/);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);
    // A seek into the middle: exactly those bytes.
    const mid = Math.floor(VIDEO.length / 2);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${mid}-${mid + 999}` } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${mid}-${mid + 999}/${VIDEO.length}`);
    expect(part.rawPayload.equals(VIDEO.subarray(mid, mid + 1000))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-100' } });
    expect(tail.rawPayload.equals(VIDEO.subarray(VIDEO.length - 100))).toBe(true);
    const open = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${mid}-` } });
    expect(open.headers['content-range']).toBe(`bytes ${mid}-${VIDEO.length - 1}/${VIDEO.length}`);
    const past = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${VIDEO.length + 10}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${VIDEO.length}`);
  });

  it("gives a finding's documents: the PDF through a download identifier, a key image rendered from real DICOM", async () => {
    const docs = (await get(patient, API.findingDocuments(DEMO_WBS.recentScan, DEMO_WBS.majorFinding))).body;
    expect(docs.pdf_reports).toEqual([
      { id: DEMO_WBS.majorFindingPdf, value: { file_name: 'Cardiac findings report.pdf' } },
    ]);
    expect(docs.recommended_next_steps.map((s: any) => s.value.title)).toEqual([
      'See a cardiologist',
      'Blood test for cholesterol (lipid panel)',
      'Repeat the calcium score in 3 to 5 years',
    ]);
    const pdf = (
      await get(
        patient,
        API.findingDocument(DEMO_WBS.recentScan, DEMO_WBS.majorFinding, DEMO_WBS.majorFindingPdf),
      )
    ).body;
    const bytes = await t.app.inject({ method: 'GET', url: `/api/download/${pdf.identifier}` });
    expect(bytes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [image] = docs.key_images;
    const answer = (
      await get(patient, API.findingDocument(DEMO_WBS.recentScan, DEMO_WBS.majorFinding, image.id))
    ).body;
    expect(answer).toEqual({
      identifier: image.id,
      url: DICOMWEB_API.retrieveInstanceRendered(
        image.study_instance_uid,
        image.series_instance_uid,
        image.sop_instance_uid,
      ),
    });
    const png = await eventually(
      () => t.app.inject({ method: 'GET', url: answer.url, headers: { authorization: `Bearer ${patient}` } }),
      (r) => r.statusCode === 200,
    );
    expect(png.headers['content-type']).toBe('image/png');
  });

  it("answers 404 for another patient's scan, its finding documents and its video", async () => {
    expect((await get(other, API.loadGrid)).body).toEqual([]);
    expect((await get(other, API.patientPlusUIData)).body).toEqual([]);
    for (const url of [
      API.scan(DEMO_WBS.recentScan),
      API.videoReports(DEMO_WBS.recentScan),
      API.videoReport(DEMO_WBS.recentScan, DEMO_WBS.videoReport),
      API.findingDocuments(DEMO_WBS.recentScan, DEMO_WBS.majorFinding),
      API.findingDocument(DEMO_WBS.recentScan, DEMO_WBS.majorFinding, DEMO_WBS.majorFindingPdf),
      API.scan('not-a-uuid'),
      API.scan(randomUUID()),
    ])
      expect([url, (await get(other, url)).status]).toEqual([url, 404]);
    // The patient's own scan with a finding of another scan: 404 too.
    expect(
      (await get(patient, API.findingDocuments(DEMO_WBS.recentScan, DEMO_WBS.resolvedFinding))).status,
    ).toBe(404);
    const consult = await post(other, API.requestConsultation, {
      wholeBodyScanId: DEMO_WBS.recentScan,
      note: 'Mine?',
    });
    expect(consult.status).toBe(404);
    expect((await get(undefined, API.loadGrid)).status).toBe(401);
    expect((await get(provider, API.loadGrid)).status).toBe(403);
  });

  it('lets the facility pick a patient and real instances, publish with uploaded files, and mails the patient', async () => {
    const patients = (await get(provider, `${FACILITY.patients}?search=jord`)).body;
    const choice = patients.find((p: any) => p.patient_request_id === DEMO_WBS.patientRequest);
    expect(choice).toMatchObject({ first_name: 'Pat', last_name: 'Jordan', custodian_id: DEMO_WBS.facility });
    expect(choice.prior_scans.map((s: any) => s.id)).toEqual([DEMO_WBS.recentScan, DEMO_WBS.earlierScan]);
    const ct = (await candidates()).find((c) => c.modality === 'CT')!;
    const pdfKey = await upload(provider, 'heart report.pdf', TEST_PDF, 'PDF_REPORT');
    const videoKey = await upload(provider, 'explained.webm', VIDEO, 'VIDEO_REPORT');
    const input: PublishScanInput = {
      patientRequestId: DEMO_WBS.patientRequest,
      scanDate: '2026-11-20',
      patientSex: 'FEMALE',
      priorScanId: DEMO_WBS.recentScan,
      findings: [
        finding({
          findingTypeId: await typeId('Heart'),
          outcome: 'MAJOR_FINDING',
          priorFindingId: DEMO_WBS.majorFinding,
          pathology: { name: 'Coronary calcification', description: 'Unchanged' },
          keyImages: [
            {
              studyInstanceUid: ct.study_instance_uid,
              seriesInstanceUid: ct.series_instance_uid,
              sopInstanceUid: ct.sop_instance_uid,
              frame: 1,
              caption: 'LAD',
            },
          ],
          pdfReports: [{ uploadKey: pdfKey, fileName: 'heart report.pdf' }],
          nextSteps: [{ title: 'Cardiology visit', subtitle: '', content: '', enable: true, dueDate: null }],
          children: [finding({ findingTypeId: await typeId('Heart'), outcome: 'MINOR_FINDING' })],
        }),
      ],
      videoReports: [{ uploadKey: videoKey, fileName: 'explained.webm' }],
    };
    const res = await post(provider, FACILITY.scans, input);
    expect(res.status).toBe(201);
    const scan = (await get(patient, API.scan(res.body.id))).body;
    expect(scan.findings.map((f: any) => [f.change, f.child_findings.length])).toEqual([
      ['STABLE', 1],
      // Everything else of the prior scan is not carried on (its child findings too, listed flat).
      ...Array(6).fill(['RESOLVED', 0]),
    ]);
    expect(scan.findings[0].document_counts).toEqual({
      key_images: 1,
      pdf_reports: 1,
      recommended_next_steps: 1,
    });
    expect((await get(patient, API.videoReports(res.body.id))).body).toHaveLength(1);
    const tasks = (await get(patient, API.followUps)).body;
    expect(tasks.find((x: any) => x.whole_body_scan_id === res.body.id)).toMatchObject({
      title: 'Cardiology visit',
      due_date: '2026-12-20',
      done_at: null,
      result: null,
    });
    const mails = await eventually(
      () => t.mail.list('patient@example.com'),
      (m) => m.some((x) => x.subject === 'Your whole body scan results are available'),
    );
    expect(mails.find((x) => x.subject === 'Your whole body scan results are available')!.text).toMatch(
      /St\. Mary Imaging Center has published the results of your whole body scan of 2026-11-20/,
    );
    expect((await get(provider, FACILITY.scans)).body.map((s: any) => s.id)).toContain(res.body.id);
    // The same uploaded file cannot be published twice.
    expect((await post(provider, FACILITY.scans, input)).status).toBe(409);
  });

  it("refuses what is not the facility's or not real, and writes nothing", async () => {
    const before = await countScans();
    const heart = await typeId('Heart');
    const base = {
      patientRequestId: DEMO_WBS.patientRequest,
      scanDate: '2026-11-21',
      patientSex: 'MALE' as const,
      priorScanId: null,
      videoReports: [],
    };
    await t.query(
      `INSERT INTO records.wbs_facilities (custodian_id, name, launcher_title, launcher_url) VALUES ($1, 'Elsewhere WBS', 'x', 'https://x.example')`,
      [randomUUID()],
    );
    const foreignType = randomUUID();
    await t.query(
      `INSERT INTO records.wbs_finding_types (id, custodian_id, name, icon, wiki) SELECT $1, custodian_id, 'Heart', 'favorite', '' FROM records.wbs_facilities WHERE name = 'Elsewhere WBS'`,
      [foreignType],
    );
    const fakePdfKey = `records/wbs/${sub(provider)}/${randomUUID()}`;
    await store.write(fakePdfKey, Buffer.from('this is no PDF at all, whatever its name says'));
    const cases: Array<[string, FindingInput]> = [
      ['foreign finding type', finding({ findingTypeId: foreignType })],
      [
        'foreign key image',
        finding({
          findingTypeId: heart,
          keyImages: [
            {
              studyInstanceUid: '1.2.3',
              seriesInstanceUid: '1.2.3.4',
              sopInstanceUid: '1.2.3.4.5',
              frame: 1,
              caption: '',
            },
          ],
        }),
      ],
      [
        'fake PDF',
        finding({ findingTypeId: heart, pdfReports: [{ uploadKey: fakePdfKey, fileName: 'report.pdf' }] }),
      ],
      [
        'hostile key',
        finding({
          findingTypeId: heart,
          pdfReports: [{ uploadKey: '../../etc/passwd', fileName: 'report.pdf' }],
        }),
      ],
      [
        "another user's key",
        finding({
          findingTypeId: heart,
          pdfReports: [{ uploadKey: `records/wbs/${sub(provider2)}/${randomUUID()}`, fileName: 'r.pdf' }],
        }),
      ],
      [
        'prior finding without its scan',
        finding({ findingTypeId: heart, priorFindingId: DEMO_WBS.majorFinding }),
      ],
    ];
    for (const [what, f] of cases) {
      const res = await post(provider, FACILITY.scans, { ...base, findings: [f] });
      expect([what, res.status]).toEqual([what, 400]);
    }
    const foreignPrior = await post(provider, FACILITY.scans, {
      ...base,
      priorScanId: randomUUID(),
      findings: [finding({ findingTypeId: heart })],
    });
    expect(foreignPrior.status).toBe(400);
    expect(await countScans()).toBe(before);
  });

  it('keeps hostile file names as data: they never name a path', async () => {
    const refused = await get(
      provider,
      `${FACILITY.uploadForm}?fileName=${encodeURIComponent('../../etc/passwd')}&size=10&kind=PDF_REPORT`,
    );
    expect(refused.status).toBe(400);
    const key = await upload(provider, '../../etc/passwd.pdf', TEST_PDF, 'PDF_REPORT');
    expect(key).toMatch(new RegExp(`^records/wbs/${sub(provider)}/[0-9a-f-]{36}$`));
    const res = await post(provider, FACILITY.scans, {
      patientRequestId: DEMO_WBS.patientRequest,
      scanDate: '2026-11-22',
      patientSex: 'OTHER',
      priorScanId: null,
      findings: [
        finding({
          findingTypeId: await typeId('Brain'),
          pdfReports: [{ uploadKey: key, fileName: '../../etc/passwd.pdf' }],
        }),
      ],
      videoReports: [],
    });
    expect(res.status).toBe(201);
    const scan = (await get(patient, API.scan(res.body.id))).body;
    const docs = (await get(patient, API.findingDocuments(res.body.id, scan.findings[0].id))).body;
    expect(docs.pdf_reports[0].value.file_name).toBe('../../etc/passwd.pdf');
    const { identifier } = (
      await get(patient, API.findingDocument(res.body.id, scan.findings[0].id, docs.pdf_reports[0].id))
    ).body;
    const file = await t.app.inject({ method: 'GET', url: `/api/download/${identifier}` });
    expect(file.headers['content-disposition']).not.toMatch(/\.\.|\//);
  });

  it('takes a consultation request to the inbox, schedules a meeting and mails the patient the link', async () => {
    const res = await post(patient, API.requestConsultation, {
      wholeBodyScanId: DEMO_WBS.recentScan,
      note: 'What does the calcium score mean?',
    });
    expect(res.status).toBe(201);
    expect(
      (await post(patient, API.requestConsultation, { wholeBodyScanId: DEMO_WBS.recentScan, note: ' ' }))
        .body,
    ).toMatchObject({
      statusCode: 400,
      errors: { note: 'Please tell us what you would like to discuss' },
    });
    await eventually(
      () => t.mail.list('patient@example.com'),
      (m) => m.some((x) => x.subject === 'We received your consultation request'),
    );
    const inbox = (await get(provider, FACILITY.consultations)).body;
    const item = inbox.data.find((c: any) => c.id === res.body.id);
    expect(item).toMatchObject({
      whole_body_scan_id: DEMO_WBS.recentScan,
      note: 'What does the calcium score mean?',
      status: { mnemonic: 'REQUESTED' },
      days_waiting: 0,
      patient: { first_name: 'Pat', last_name: 'Jordan', email: 'patient@example.com' },
    });
    // Waiting ones first: every REQUESTED before any SCHEDULED.
    const statuses = inbox.data.map((c: any) => c.status.mnemonic);
    expect(statuses.lastIndexOf('REQUESTED')).toBeLessThan(statuses.indexOf('SCHEDULED'));
    expect(inbox.total).toBe(inbox.data.length);
    const start = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const scheduled = await post(provider, FACILITY.scheduleMeeting(res.body.id), {
      scheduledStart: start,
      durationMinutes: 30,
    });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.host_link).toMatch(
      new RegExp(`^/videoMeeting/${scheduled.body.id}/[0-9a-f-]{36}$`),
    );
    const scan = (await get(patient, API.scan(DEMO_WBS.recentScan))).body;
    const consult = scan.consult_requests.find((c: any) => c.id === res.body.id);
    expect(consult.status.mnemonic).toBe('SCHEDULED');
    const [meeting] = consult.video_meetings;
    expect(meeting).toMatchObject({ id: scheduled.body.id, scheduled_start_time: start, ended: false });
    const mails = await eventually(
      () => t.mail.list('patient@example.com'),
      (m) => m.some((x) => x.subject === 'Your whole body scan consultation is scheduled'),
    );
    const mail = mails.find((x) => x.subject === 'Your whole body scan consultation is scheduled')!;
    expect(mail.text).toContain(meeting.meeting_link);
    expect(mail.text).toMatch(/\(30 minutes\)/);
    const [participant] = await t.query(
      `SELECT role, display_name, user_id FROM records.video_meeting_participants WHERE meeting_id = $1 AND role = 'GUEST'`,
      [scheduled.body.id],
    );
    expect(participant).toEqual({ role: 'GUEST', display_name: 'Pat Jordan', user_id: sub(patient) });
  });

  it('refuses the facility side to staff of no whole-body-scan facility (403) and another facility (404)', async () => {
    for (const [method, url, body] of [
      ['GET', FACILITY.setup, undefined],
      ['GET', FACILITY.consultations, undefined],
      ['GET', FACILITY.scans, undefined],
      [
        'POST',
        FACILITY.scans,
        {
          patientRequestId: DEMO_WBS.patientRequest,
          scanDate: '2026-11-01',
          patientSex: 'MALE',
          findings: [finding({ findingTypeId: randomUUID() })],
        },
      ],
      [
        'POST',
        FACILITY.scheduleMeeting(DEMO_WBS.requestedConsultation),
        { scheduledStart: new Date(Date.now() + 86_400_000).toISOString(), durationMinutes: 30 },
      ],
    ] as const)
      expect([url, (await call(t.app, method, url, { token: provider2, body })).status]).toEqual([url, 403]);
    expect((await get(patient, FACILITY.setup)).status).toBe(403);
    // provider2 becomes staff of a whole-body-scan facility of its own: St. Mary's objects stay missing.
    const lakeside = randomUUID();
    await t.query(
      `INSERT INTO records.wbs_facilities (custodian_id, name, launcher_title, launcher_url) VALUES ($1, 'Lakeside WBS', 'x', 'https://x.example')`,
      [lakeside],
    );
    await t.query(`INSERT INTO records.wbs_staff (user_id, custodian_id) VALUES ($1, $2)`, [
      sub(provider2),
      lakeside,
    ]);
    const schedule = await post(provider2, FACILITY.scheduleMeeting(DEMO_WBS.requestedConsultation), {
      scheduledStart: new Date(Date.now() + 86_400_000).toISOString(),
      durationMinutes: 30,
    });
    expect(schedule.status).toBe(404);
    const publish = await post(provider2, FACILITY.scans, {
      patientRequestId: DEMO_WBS.patientRequest,
      scanDate: '2026-11-01',
      patientSex: 'MALE',
      priorScanId: null,
      findings: [finding({ findingTypeId: randomUUID() })],
      videoReports: [],
    });
    expect(publish.status).toBe(404);
    expect(
      (await get(provider2, `${FACILITY.keyImageCandidates}?patientRequestId=${DEMO_WBS.patientRequest}`))
        .status,
    ).toBe(404);
    expect((await get(provider2, FACILITY.consultations)).body).toEqual({ total: 0, data: [] });
  });

  it('imports a FHIR R4 DiagnosticReport as a scan and refuses one that is not valid', async () => {
    const report = {
      resourceType: 'DiagnosticReport',
      status: 'final',
      code: { text: 'Whole body MRI' },
      subject: { identifier: { system: 'urn:portal:patient-request', value: DEMO_WBS.patientRequest } },
      effectiveDateTime: '2026-11-15T09:30:00Z',
      contained: [
        { resourceType: 'Patient', id: 'p', gender: 'female' },
        {
          resourceType: 'Observation',
          id: 'heart',
          status: 'final',
          code: { coding: [{ system: 'http://snomed.info/sct', code: '80891009', display: 'Heart' }] },
          interpretation: [{ coding: [{ code: 'HH' }] }],
          valueString: 'Coronary artery calcification',
          note: [{ text: 'Calcium score 290.' }],
          hasMember: [{ reference: '#valve' }],
        },
        {
          resourceType: 'Observation',
          id: 'valve',
          status: 'final',
          code: { text: 'heart' },
          interpretation: [{ coding: [{ code: 'A' }] }],
        },
        {
          resourceType: 'Observation',
          id: 'brain',
          status: 'final',
          code: { text: 'Brain' },
          interpretation: [{ coding: [{ code: 'N' }] }],
        },
      ],
      result: [{ reference: '#heart' }, { reference: '#brain' }],
      presentedForm: [
        { contentType: 'application/pdf', data: TEST_PDF.toString('base64'), title: 'Full report' },
      ],
    };
    const res = await call(t.app, 'POST', FACILITY.importFhir, {
      token: provider,
      body: report,
      headers: { 'content-type': 'application/fhir+json' },
    });
    expect(res.status).toBe(201);
    const scan = (await get(patient, API.scan(res.body.id))).body;
    expect(scan).toMatchObject({ scan_date: '2026-11-15', patient: { patient_sex: { mnemonic: 'FEMALE' } } });
    expect(
      scan.findings.map((f: any) => [
        f.organization_whole_body_scan_finding_type.name,
        f.whole_body_scan_finding_outcome.mnemonic,
        f.pathology_finding?.name ?? null,
        f.child_findings.map((c: any) => c.whole_body_scan_finding_outcome.mnemonic),
      ]),
    ).toEqual([
      ['Heart', 'MAJOR_FINDING', 'Coronary artery calcification', ['MINOR_FINDING']],
      ['Brain', 'NO_ADVERSE_FINDING', null, []],
    ]);
    expect(scan.findings[0].pathology_finding.description).toBe('Calcium score 290.');
    expect(scan.findings[0].document_counts.pdf_reports).toBe(1);

    const before = await countScans();
    const invalid: Array<[string, unknown]> = [
      ['not a DiagnosticReport', { ...report, resourceType: 'Observation' }],
      ['missing subject', { ...report, subject: undefined }],
      ['bad date', { ...report, effectiveDateTime: '15/11/2026' }],
      ['dangling result', { ...report, result: [{ reference: '#nothing' }] }],
      [
        'unknown finding type',
        {
          ...report,
          contained: [{ ...report.contained[3], code: { text: 'Elbow' } }],
          result: [{ reference: '#brain' }],
        },
      ],
      [
        'PDF that is not',
        {
          ...report,
          presentedForm: [{ contentType: 'application/pdf', data: Buffer.from('GIF89a').toString('base64') }],
        },
      ],
      ['an array', [report]],
    ];
    for (const [what, body] of invalid) {
      const r = await post(provider, FACILITY.importFhir, body);
      expect([what, r.status]).toEqual([what, 400]);
    }
    expect(await countScans()).toBe(before);
    expect((await post(provider2, FACILITY.importFhir, report)).status).toBe(404);

    // application/fhir+json reaches Fastify's own JSON parser on the import route only: a prototype key
    // is refused there, and any other route refuses the type.
    const raw = (url: string, payload: string, token = provider) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
        payload,
      });
    const poisoned = JSON.stringify(report).replace('{', '{"__proto__":{"polluted":true},');
    expect((await raw(FACILITY.importFhir, poisoned)).statusCode).toBe(400);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect((await raw(FACILITY.importFhir, '{"resourceType":')).statusCode).toBe(400);
    const elsewhere = await raw(
      API.requestConsultation,
      JSON.stringify({ wholeBodyScanId: DEMO_WBS.recentScan, note: 'x' }),
      patient,
    );
    expect(elsewhere.statusCode).toBe(415);
    expect(await countScans()).toBe(before);
  });

  it('lets the patient move, finish and file the result of a follow-up task; nobody else', async () => {
    const [task] = (await get(patient, API.followUps)).body.filter(
      (x: any) => x.next_step_id === DEMO_WBS.majorFindingNextStep,
    );
    expect(task.id).toBe(DEMO_WBS.majorFindingFollowUp);
    const patch = (token: string, body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: API.followUp(task.id),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const moved = await patch(patient, { dueDate: '2027-01-15', done: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ due_date: '2027-01-15', done_at: expect.any(String) });
    // The result: a file of the patient's own self-upload form, kept as a record of their library.
    const form = await get(
      patient,
      `/api/myRecords/getPresignedUploadUrl?fileName=result.pdf&size=${TEST_PDF.length}&recordType=REPORTS`,
    );
    await store.acceptUpload(form.body.inputs, TEST_PDF);
    const filed = await patch(patient, {
      resultUploadKey: form.body.key,
      resultFileName: 'cardiology letter.pdf',
    });
    expect(filed.statusCode).toBe(200);
    expect(filed.json().result).toMatchObject({ file_name: 'cardiology letter.pdf' });
    const content = await get(patient, filed.json().result.identifier_path);
    expect(content.body.identifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await patch(patient, { done: false })).json().done_at).toBeNull();
    expect((await patch(other, { done: true })).statusCode).toBe(404);
    expect(
      (await patch(patient, { resultUploadKey: `records/self/${sub(other)}/x`, resultFileName: 'x.pdf' }))
        .statusCode,
    ).toBe(400);
  });
});
