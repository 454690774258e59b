import {
  AUTH_API,
  type DataRequest,
  type DataRequestPage,
  MESSAGES,
  type PatientRequest,
  PROVIDER_API,
  RECORDS_API,
  REQUESTS_API,
} from '@portal/contracts';
import { eventually, TEST_PDF, TEST_PNG } from '@portal/server-kit/testing';
import { ST_MARY_REQUEST } from './authorization-rows';
import { type PresignedForm, startTestGateway, type TestGateway } from './test-gateway';

/**
 * Issue 24, 'Can't find your imaging provider? Start here', through the real gateway with every
 * context: a patient names a facility that is not in the catalogue and requests from it; the facility
 * gets a single-use, expiring link (mailed to the address the patient typed, which proves nothing)
 * to a one-time EXTERNAL_PROVIDER account that opens that one request, uploads and submits; the
 * records reach the patient. The abuse cases: nobody else sees or uses the named facility, the link
 * works once, and the account reaches no other request, facility or patient data.
 */
describe('a request to a facility the patient named', () => {
  let g: TestGateway;
  let patient: string;
  let second: string;
  beforeAll(async () => {
    g = await startTestGateway();
    patient = await g.login('patient@example.com');
    second = await g.login('multi@example.com');
  }, 180_000);
  afterAll(() => g?.close());

  const get = (p: string, token?: string) => g.get(p, token);
  const post = (p: string, body: unknown, token?: string) => g.post(p, body, token);
  const sendForm = (form: PresignedForm, bytes: Buffer, fileName: string) =>
    g.sendForm(form, bytes, fileName);
  const name = (facility: string) => ({
    name: facility,
    address: '12 Shore Road, Lakeside',
    phone: '5551234567',
    email: 'records@lakeside.example',
  });
  const addFacility = async (body: unknown, token: string) => {
    const res = await post(REQUESTS_API.unlistedFacility, body, token);
    expect(res.status).toBe(201);
    return res.body as { id: string; name: string };
  };
  const submit = async (custodianId: string, token: string) => {
    const form = (await get(`${REQUESTS_API.uploadForm}?kind=govt_id`, token)).body;
    await sendForm(form, TEST_PNG, 'id.png');
    return post(
      REQUESTS_API.requestPatientRecord,
      {
        custodian_id: custodianId,
        requestFiller: 'self',
        patientFirstName: 'Pat',
        patientLastName: 'Jordan',
        patientDOB: '03/12/1984',
        docReqType: ['REPORTS'],
        idProof: { s3_bucket: '', s3_path: form.key, file_name: 'govt_id.png' },
        signature: `data:image/png;base64,${TEST_PNG.toString('base64')}`,
        electronicSignatureConsent: true,
      },
      token,
    );
  };
  /** The facility's mail for a facility name, once the events have run; its single-use link's token. */
  const facilityMail = async (facility: string) => {
    const mails = await eventually(
      () =>
        get('/api/dev/mail?to=records@lakeside.example').then(
          (r) => r.body as Array<{ subject: string; text: string }>,
        ),
      (list) => list.some((m) => m.subject === `A patient asks ${facility} for their records`),
    );
    const mail = mails.find((m) => m.subject === `A patient asks ${facility} for their records`)!;
    return { mail, token: /\/loginAs\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1] };
  };

  it("checks the facility's details with the shared schema's messages; only a patient names one", async () => {
    const bad = await post(
      REQUESTS_API.unlistedFacility,
      { name: ' ', address: '', phone: '555-12', email: 'not-an-address' },
      patient,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: MESSAGES.facilityNameRequired,
      address: MESSAGES.addressRequired,
      phone: MESSAGES.validPhone,
      email: MESSAGES.pleaseEnterValidEmail,
    });
    expect((await post(REQUESTS_API.unlistedFacility, name('Nobody Imaging'))).status).toBe(401);
    expect(
      (
        await post(
          REQUESTS_API.unlistedFacility,
          name('Provider Imaging'),
          await g.login('provider@example.com'),
        )
      ).status,
    ).toBe(403);
  });

  it("is the patient's alone: in no search, missing for anyone else, and a request from someone else is refused", async () => {
    const facility = await addFacility(name('Quietwater Imaging Clinic'), patient);
    for (const token of [undefined, second, patient]) {
      expect((await get(`${REQUESTS_API.getCustodians}?filterStr=Quietwater`, token)).body).toEqual([]);
      expect((await get(`${REQUESTS_API.wizardCustodians}?filterStr=Quietwater`, token)).body).toEqual([]);
    }
    expect((await get(`${REQUESTS_API.init}?custodianId=${facility.id}`, patient)).body.custodian.name).toBe(
      'Quietwater Imaging Clinic',
    );
    for (const token of [undefined, second]) {
      expect((await get(`${REQUESTS_API.init}?custodianId=${facility.id}`, token)).status).toBe(404);
      expect((await get(`${REQUESTS_API.getCustodiansDetails}/${facility.id}`, token)).status).toBe(404);
    }
    expect((await submit(facility.id, second)).status).toBe(404);
  });

  it('reaches the facility by mail; its link opens that one request once, the upload reaches the patient, and nothing else is open to it', async () => {
    const facility = await addFacility(name('Lakeside Imaging'), patient);
    const submitted = await submit(facility.id, patient);
    expect(submitted.status).toBe(201);
    const id = submitted.body.id as string;
    // The patient's open requests show it like any other, with the facility's name.
    const mine = (await get(RECORDS_API.studyData, patient)).body as Array<{
      id: string;
      organization: { name: string };
    }>;
    expect(mine.find((r) => r.id === id)?.organization.name).toBe('Lakeside Imaging');
    // One request per named facility: its account must hold one request only.
    expect((await submit(facility.id, patient)).status).toBe(409);

    const { mail, token } = await facilityMail('Lakeside Imaging');
    expect(mail.text).not.toMatch(/\bPat\b|Jordan|1984/);
    const signedIn = await get(`${AUTH_API.loginAsUserToken}/${token}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({
      landing: `/provider/patient-request-detail/${id}`,
      role: { role_mnemonic: 'EXTERNAL_PROVIDER' },
    });
    const staff = signedIn.body.token as string;
    // Single use: the same link again is refused.
    expect((await get(`${AUTH_API.loginAsUserToken}/${token}`)).status).toBeGreaterThanOrEqual(400);

    const opened = await eventually(
      () => get(PROVIDER_API.dataRequest(id), staff),
      (r) => r.status === 200,
    );
    const reports = (opened.body as DataRequest).document_request.find(
      (d) => d.document_request_type.mnemonic === 'REPORTS',
    )!;
    const inbox: DataRequestPage = (await get(PROVIDER_API.dataRequests, staff)).body;
    expect(inbox.rows.map((r) => r.id)).toEqual([id]);
    // Nothing else: another facility's request, the patient's own pages, the named facility as a patient would see it.
    expect((await get(PROVIDER_API.dataRequest(ST_MARY_REQUEST), staff)).status).toBe(404);
    expect((await get(PROVIDER_API.otherDocuments(ST_MARY_REQUEST), staff)).status).toBe(404);
    expect((await get(RECORDS_API.studyData, staff)).status).toBe(403);
    expect((await get(`${REQUESTS_API.patientRequest}/${id}`, staff)).status).toBe(404);
    expect((await get(PROVIDER_API.records, staff)).body).toEqual([]);

    const forms = await post(
      PROVIDER_API.uploadForms,
      {
        patientRequestId: id,
        documentRequestId: reports.id,
        files: [{ fileName: 'report.pdf', size: TEST_PDF.length }],
      },
      staff,
    );
    expect(forms.status).toBeLessThan(300);
    await sendForm(forms.body.forms[0], TEST_PDF, 'report.pdf');
    const added = await post(
      PROVIDER_API.addDocuments,
      {
        patientRequestId: id,
        documentRequestId: reports.id,
        uploadedDocuments: [{ key: forms.body.forms[0].key, file_name: 'report.pdf', path: 'report.pdf' }],
      },
      staff,
    );
    expect(added.body.refused).toEqual([]);
    expect((await post(PROVIDER_API.markUploaded, { patientRequestId: id }, staff)).status).toBeLessThan(300);
    const library = await eventually(
      () => get(RECORDS_API.studyData, patient).then((r) => r.body as PatientRequest[]),
      (b) => Boolean(b.find((r) => r.id === id)?.approved_cfind_responses.some((a) => a.document)),
    );
    expect(
      library.find((r) => r.id === id)?.approved_cfind_responses.find((a) => a.document)?.document?.file_name,
    ).toBe('report.pdf');
  }, 180_000);

  it("a second patient's facility with the same address gets its own account, which cannot reach the first patient's request", async () => {
    const first = await addFacility(name('Harbour Imaging'), patient);
    const firstId = (await submit(first.id, patient)).body.id as string;
    const other = await addFacility(name('Harbour Imaging Two'), second);
    const otherRes = await submit(other.id, second);
    expect(otherRes.status).toBe(201);
    const { token } = await facilityMail('Harbour Imaging Two');
    const staff = (await get(`${AUTH_API.loginAsUserToken}/${token}`)).body.token as string;
    await eventually(
      () => get(PROVIDER_API.dataRequest(otherRes.body.id), staff),
      (r) => r.status === 200,
    );
    expect((await get(PROVIDER_API.dataRequest(firstId), staff)).status).toBe(404);
    expect((await get(PROVIDER_API.otherDocuments(firstId), staff)).status).toBe(404);
    expect((await post(PROVIDER_API.markUploaded, { patientRequestId: firstId }, staff)).status).toBe(404);
    expect(
      ((await get(PROVIDER_API.dataRequests, staff)).body as DataRequestPage).rows.map((r) => r.id),
    ).toEqual([otherRes.body.id]);
  }, 180_000);

  it('a made-up or altered link opens nothing', async () => {
    expect((await get(`${AUTH_API.loginAsUserToken}/${'A'.repeat(43)}`)).status).toBeGreaterThanOrEqual(400);
  });
});
