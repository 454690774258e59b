import { randomBytes } from 'node:crypto';
import { MESSAGES, MYSELF_ID } from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { BLOB_STORE, DEMO_PASSWORD, demoId, type DiskBlobStore } from '@portal/server-kit';
import { eventually, startTestApp, TEST_PDF, TEST_PNG, type TestApp } from '@portal/server-kit/testing';
import { RequestsContext } from '../src';
import { DEMO_FAMILY_MEMBER, demoCustodianId, demoRequestId } from '../src/demo/seed-demo';

// Auth and requests in one app on a fresh database with the demo data. The presigned flow runs as a
// browser's: GET the form, hand the file with the form's inputs to the disk store's upload target
// (what the gateway's /api/blob/upload does after parsing the multipart body), submit. The multipart
// hop itself runs in bench/submit-request.cjs and the gateway's tests.
const BASE = 'http://portal.test';
const SIGNATURE = `data:image/png;base64,${TEST_PNG.toString('base64')}`;
const ST_MARY = demoCustodianId('st-mary'); // MRN compulsory; IMAGES, REPORTS, OTHERS
const LAKESIDE = demoCustodianId('lakeside'); // no MRN
describe('requests context: the wizard', () => {
  let t: TestApp;
  const g = {
    base: BASE,
    send: async (
      method: string,
      path: string,
      opts: { token?: string; contentType?: string; payload?: string } = {},
    ) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url: path,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.contentType ? { 'content-type': opts.contentType } : {}),
        },
        payload: opts.payload,
      });
      let body: any = res.body;
      try {
        body = JSON.parse(res.body);
      } catch {
        /* not JSON */
      }
      return { status: res.statusCode, body, raw: res.rawPayload, headers: res.headers };
    },
    login: async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: email, password: DEMO_PASSWORD },
        })
      ).json().token as string,
  };
  let patient: string;
  let second: string;
  let provider: string;
  beforeAll(async () => {
    process.env.EMBED_ORIGINS = 'https://clinic.example';
    t = await startTestApp([AuthContext, RequestsContext], {
      seed: true,
      config: { publicUrl: BASE, facilityCatalogueSize: 20_000 },
    });
    patient = await g.login('patient@example.com');
    second = await g.login('multi@example.com');
    provider = await g.login('provider@example.com');
  }, 120_000);
  afterAll(async () => {
    delete process.env.EMBED_ORIGINS;
    await t?.close();
  });

  const get = (path: string, token?: string) => g.send('GET', path, { token });
  const post = (path: string, body: unknown, token?: string) =>
    g.send('POST', path, { token, contentType: 'application/json', payload: JSON.stringify(body) });

  /** The presigned flow: the form, then the file posted to its action with its inputs. */
  const upload = async (kind: 'govt_id' | 'legal_doc', bytes: Buffer, name: string, type: string) => {
    const form = await get(`/api/requestRecord/uploadForm?kind=${kind}`);
    expect(form.status).toBe(200);
    expect(form.body.key).toMatch(new RegExp(`^wizard/${kind}/`));
    expect(form.body.attributes).toMatchObject({
      action: '/api/blob/upload',
      enctype: 'multipart/form-data',
      method: 'POST',
    });
    void name;
    void type;
    const store = t.app.get<DiskBlobStore>(BLOB_STORE);
    const status = await store.acceptUpload(form.body.inputs, bytes).then(
      () => 201,
      (e: { status: number }) => e.status,
    );
    return { key: form.body.key as string, status };
  };
  const payload = async (over: Record<string, unknown> = {}) => {
    const id = await upload('govt_id', TEST_PNG, 'me.png', 'image/png');
    expect(id.status).toBe(201);
    return {
      custodian_id: ST_MARY,
      requestFiller: 'self',
      patientFirstName: 'Pat',
      patientLastName: 'Jordan',
      patientDOB: '03/12/1984',
      mrn: 'SM-1001',
      docReqType: ['IMAGES', 'REPORTS'],
      bodyParts: ['left-knee'],
      dateFrom: '01/01/2024',
      dateTo: '12/31/2024',
      notes: 'Knee MRI',
      idProof: { s3_bucket: '', s3_path: id.key, file_name: 'me.png' },
      signature: SIGNATURE,
      electronicSignatureConsent: true,
      ...over,
    };
  };

  it('searches the 20,000 facilities by name, alias, city and zip, best match first, at most 20', async () => {
    const byName = await get('/api/facility/getCustodians?filterStr=lakeside');
    expect(byName.status).toBe(200);
    expect(byName.body[0]).toMatchObject({
      id: LAKESIDE,
      name: 'Lakeside Radiology',
      aliases: [{ name: 'Lakeside MRI Suite', organization_id: LAKESIDE }],
    });
    expect((await get('/api/facility/getCustodians?filterStr=mri suite')).body[0].id).toBe(LAKESIDE);
    const city = await get('/api/facility/getCustodians?filterStr=Denver%20Imaging');
    expect(city.body.length).toBe(20);
    expect(city.body.every((c: any) => /denver/i.test(c.address.city.name))).toBe(true);
    const zip = await get('/api/facility/getCustodians?filterStr=&zipCode=0211');
    expect(zip.body.length).toBeGreaterThan(0);
    expect(zip.body.every((c: any) => c.address.postcode.startsWith('0211'))).toBe(true);
    expect((await get('/api/facility/getCustodians?filterStr=%25%25%25')).body).toEqual([]);
    expect((await get(`/api/facility/getCustodians?filterStr=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await get('/api/requestRecord/getCustodians?filterStr=northgate')).body[0].name).toBe(
      'Northgate Hospital',
    );
  });

  it('answers a facility in full, its link and embed snippet, and 404/400 for unknown or malformed ids', async () => {
    const details = await get(`/api/facility/getCustodiansDetails/${ST_MARY}`);
    expect(details.body).toMatchObject({
      id: ST_MARY,
      isMRNCompulsory: true,
      theme: 'default',
      docTypes: [{ mnemonic: 'IMAGES' }, { mnemonic: 'REPORTS' }, { mnemonic: 'OTHERS' }],
    });
    expect(details.body.value.image_data).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await get(`/api/facility/getCustodiansDetails/${demoId('nothing')}`)).status).toBe(404);
    expect((await get('/api/facility/getCustodiansDetails/not-a-uuid')).status).toBe(400);
    const link = await get(`/api/facility/facilityLink/${LAKESIDE}`);
    expect(link.body).toEqual({
      url: `${g.base}/external-request/${LAKESIDE}/consent`,
      embedSnippet: `<script src="${g.base}/embed.js" data-facility="${LAKESIDE}"></script>`,
    });
    expect((await get(`/api/requestRecord/getCustodian?custodianId=${LAKESIDE}`)).body.theme).toBe('blue');
  });

  it('answers the embed allowlist: demo origins and EMBED_ORIGINS allowed, others not', async () => {
    const allowed = await get('/api/facility/embedOrigin?origin=http://localhost:8190');
    expect(allowed.body.allowed).toBe(true);
    expect(allowed.body.custodianIds).toEqual(expect.arrayContaining([ST_MARY, LAKESIDE]));
    expect((await get('/api/facility/embedOrigin?origin=https://clinic.example')).body.allowed).toBe(true);
    expect((await get('/api/facility/embedOrigin?origin=https://evil.example')).body).toEqual({
      allowed: false,
      custodianIds: [],
    });
    expect((await get('/api/facility/embedOrigin')).status).toBe(400);
  });

  it('answers per-facility and per-alias record types, body parts, date range, form and init', async () => {
    const types = await get(`/api/requestRecord/getDocumentRequestTypes?custodianId=${LAKESIDE}`);
    expect(types.body.map((t: any) => t.mnemonic)).toEqual(['IMAGES', 'IMAGES_ONLY', 'REPORTS']);
    const alias = demoId('custodian-alias:lakeside-mri');
    expect(
      (
        await get(
          `/api/requestRecord/getDocumentRequestTypes?custodianId=${LAKESIDE}&alias=true&custodianAliasId=${alias}`,
        )
      ).body.map((t: any) => t.mnemonic),
    ).toEqual(['IMAGES_ONLY']);
    expect(
      (
        await get(
          `/api/requestRecord/getBodyParts?custodianId=${LAKESIDE}&alias=true&custodianAliasId=${alias}`,
        )
      ).body,
    ).toEqual([
      { id: 'head', name: 'Head' },
      { id: 'spine', name: 'Spine' },
    ]);
    expect(
      (await get(`/api/requestRecord/getDisplayDateRangeSetting?custodianId=${demoCustodianId('sunrise')}`))
        .body,
    ).toEqual({ displayDateRange: false });
    expect(
      (await get(`/api/requestRecord/authorizationFormTemplate?custodianId=${ST_MARY}`)).body.text,
    ).toContain('St. Mary Imaging Center');
    const init = await get(`/api/requestRecord/init?custodianId=${ST_MARY}`);
    expect(init.body).toMatchObject({
      custodian: { id: ST_MARY },
      displayDateRange: true,
      bodyParts: expect.arrayContaining([{ id: 'left-knee', name: 'Left knee' }]),
    });
    expect(
      (await get(`/api/requestRecord/init?custodianId=${ST_MARY}&custodianAliasId=${alias}`)).status,
    ).toBe(400);
    expect((await get('/api/requestRecord/init?custodianId=nope')).body.errors.custodianId).toBe(
      MESSAGES.custodianRequired,
    );
  });

  it('lists family members (Myself first, the demo member from the projection) and recent facilities, signed in only', async () => {
    const members = await eventually(
      () => get('/api/requestRecord/getFamilyMembers', patient),
      (r) => r.body.length === 2,
    );
    expect(members.body).toEqual([
      { id: MYSELF_ID, first_name: 'Pat', last_name: 'Jordan' },
      { id: DEMO_FAMILY_MEMBER.id, first_name: 'Sam', last_name: 'Jordan' },
    ]);
    expect((await get('/api/requestRecord/getFamilyMembers', second)).body).toEqual([
      { id: MYSELF_ID, first_name: 'Morgan', last_name: 'Lee' },
    ]);
    expect((await get('/api/requestRecord/getFamilyMembers')).status).toBe(401);
    const recent = await get('/api/requestRecord/getRecentCustodians', patient);
    expect(recent.body.map((c: any) => c.id)).toEqual([ST_MARY, LAKESIDE]);
    expect((await get('/api/requestRecord/getRecentCustodians', second)).body).toEqual([]);
    expect((await get(`/api/requestRecord/linkCustodian?custodianId=${LAKESIDE}`, second)).body.id).toBe(
      LAKESIDE,
    );
    expect((await get(`/api/requestRecord/linkCustodian?custodianId=${LAKESIDE}`)).status).toBe(401);
  });

  it('a family member saved and removed in auth reaches the projection', async () => {
    const added = await post(
      '/api/myIdentity/familyMembers',
      { firstName: 'Ana', lastName: 'Lee', relationshipTypeId: 1 },
      second,
    );
    expect(added.status).toBe(201);
    const id = added.body.member.id;
    expect(
      (
        await eventually(
          () => get('/api/requestRecord/getFamilyMembers', second),
          (r) => r.body.length === 2,
        )
      ).body[1],
    ).toEqual({ id, first_name: 'Ana', last_name: 'Lee' });
    expect((await g.send('DELETE', `/api/myIdentity/familyMembers/${id}`, { token: second })).status).toBe(
      200,
    );
    expect(
      (
        await eventually(
          () => get('/api/requestRecord/getFamilyMembers', second),
          (r) => r.body.length === 1,
        )
      ).body,
    ).toHaveLength(1);
  });

  it('submits a complete request through the presigned flow, readable by its owner only, with a real signed PDF and a mail', async () => {
    const legal = await upload('legal_doc', TEST_PDF, 'court-order.pdf', 'application/pdf');
    expect(legal.status).toBe(201);
    const body = await payload({
      requestFiller: 'someone_else',
      relationshipType: 'legally-appointed',
      legalRelation: 'Court appointed guardian',
      delegate: { firstName: 'Dee', lastName: 'Legal', email: 'dee@example.com', phone: '5550100100' },
      legalDocOfAuthorization: [{ s3_bucket: '', s3_path: legal.key, file_name: 'court-order.pdf' }],
      legallyAuthorisedConsent: true,
    });
    const res = await post('/api/requestRecord/requestPatientRecord', body, patient);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: MESSAGES.requestGenerated });
    const id = res.body.id;
    const details = await get(`/api/requestRecord/patientRequest/${id}`, patient);
    expect(details.body).toMatchObject({
      id,
      status: 'New',
      custodian: { id: ST_MARY },
      mrn: 'SM-1001',
      relationshipType: 'legally-appointed',
      bodyParts: ['Left knee'],
      dateFrom: '01/01/2024',
      dateTo: '12/31/2024',
      document_requests: [
        { document_request_type: { mnemonic: 'IMAGES' } },
        { document_request_type: { mnemonic: 'REPORTS' } },
      ],
      hasAuthorizationForm: true,
      legalDocuments: [{ file_name: 'court-order.pdf' }],
    });
    const pdf = await g.send('GET', `/api/requestRecord/authorizationForm/${id}`, { token: patient });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await t.mail.list('patient@example.com')).some(
        (m: { subject: string }) => m.subject === 'Your records request was submitted',
      ),
    ).toBe(true);
    // Another user's id looks exactly like a missing one.
    expect((await get(`/api/requestRecord/patientRequest/${id}`, second)).status).toBe(404);
    expect((await get(`/api/requestRecord/authorizationForm/${id}`, second)).status).toBe(404);
    expect((await get(`/api/requestRecord/patientRequest/not-a-uuid`, patient)).status).toBe(404);
    // The same upload cannot be attached twice.
    expect((await post('/api/requestRecord/requestPatientRecord', body, patient)).status).toBe(400);
    // Emailing providers: owner only.
    const emailed = await post(
      '/api/requestRecord/sendEmailToExternalProviders',
      { patientRequestId: id, externalProviderEmails: ['imaging@clinic.example'] },
      patient,
    );
    expect(emailed.body).toEqual({ message: MESSAGES.providersEmailed });
    expect(
      (
        await post(
          '/api/requestRecord/sendEmailToExternalProviders',
          { patientRequestId: id, externalProviderEmails: ['x@clinic.example'] },
          second,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          '/api/requestRecord/sendEmailToExternalProviders',
          { patientRequestId: id, externalProviderEmails: ['not-an-email'] },
          patient,
        )
      ).status,
    ).toBe(400);
    expect((await get('/api/requestRecord/getRecentCustodians', patient)).body[0].id).toBe(ST_MARY);
  });

  it('the external variant and a provider request (no MRN) are accepted by their roles only', async () => {
    const external = await post(
      '/api/requestRecord/requestPatientRecord/external-request',
      await payload({ custodian_id: LAKESIDE, mrn: null, docReqType: ['IMAGES'], bodyParts: ['Head'] }),
      patient,
    );
    expect(external.status).toBe(201);
    expect(
      (await get(`/api/requestRecord/patientRequest/${external.body.id}`, patient)).body.requestFrom,
    ).toBe('RECORD_CUSTODIAN');
    const byProvider = await post(
      '/api/requestRecord/addProviderRequest',
      await payload({ mrn: null }),
      provider,
    );
    expect(byProvider.status).toBe(201);
    expect((await post('/api/requestRecord/addProviderRequest', await payload(), patient)).status).toBe(403);
    expect((await post('/api/requestRecord/requestPatientRecord', await payload(), provider)).status).toBe(
      403,
    );
  });

  it.each([
    ['MRN missing for an MRN-compulsory facility', { mrn: null }, 400, 'mrn', MESSAGES.mrnRequired],
    [
      'a record type the facility does not release',
      { docReqType: ['IMAGES_ONLY'] },
      400,
      'docReqType',
      undefined,
    ],
    ['a body part it does not offer', { bodyParts: ['Tail'] }, 400, 'bodyParts', undefined],
    ['an unknown facility', { custodian_id: demoId('nothing') }, 404, undefined, undefined],
    [
      'a key outside the wizard',
      { idProof: { s3_bucket: '', s3_path: 'authorization-forms/x.pdf', file_name: 'x' } },
      400,
      'idProof',
      undefined,
    ],
    [
      'a key never uploaded',
      {
        idProof: {
          s3_bucket: '',
          s3_path: `wizard/govt_id/${randomBytes(8).toString('hex')}`,
          file_name: 'x',
        },
      },
      404,
      undefined,
      undefined,
    ],
    [
      'no consent to the electronic signature',
      { electronicSignatureConsent: false },
      400,
      'electronicSignatureConsent',
      MESSAGES.electronicSignatureRequired,
    ],
    ['a date that is no MM/DD/YYYY', { dateFrom: '2024-01-01' }, 400, 'dateFrom', undefined],
  ])('refuses %s and leaves nothing', async (_what, over, status, field, message) => {
    const before = (await get('/api/requestRecord/loadGrid', patient)).body.length;
    const res = await post('/api/requestRecord/requestPatientRecord', await payload(over), patient);
    expect(res.status).toBe(status);
    if (field) expect(res.body.errors[field]).toEqual(message ?? expect.any(String));
    expect((await get('/api/requestRecord/loadGrid', patient)).body.length).toBe(before);
  });

  it('refuses forged and oversized files at the upload target, and a forged file that reached the store at submit', async () => {
    const forgedPdf = await upload(
      'legal_doc',
      Buffer.from('just text, renamed'),
      'doc.pdf',
      'application/pdf',
    );
    expect(forgedPdf.status).toBe(415);
    const fakeImage = await upload(
      'govt_id',
      Buffer.from('GIF89a but not really an image at all'),
      'me.png',
      'image/png',
    );
    expect(fakeImage.status).toBe(415);
    const big = Buffer.concat([TEST_PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect((await upload('govt_id', big, 'big.png', 'image/png')).status).toBe(413);
    // A PDF uploaded as a legal doc is not a photo ID: the submit checks the bytes against the govt_id rules.
    const pdfAsId = await upload('legal_doc', TEST_PDF, 'a.pdf', 'application/pdf');
    const res = await post(
      '/api/requestRecord/requestPatientRecord',
      await payload({ idProof: { s3_bucket: '', s3_path: pdfAsId.key, file_name: 'a.pdf' } }),
      patient,
    );
    expect(res.status).toBe(400);
    expect((await get('/api/requestRecord/uploadForm?kind=other')).status).toBe(400);
  });

  it('keeps the seeded history readable and the old request ids owned', async () => {
    const res = await get(`/api/requestRecord/patientRequest/${demoRequestId('completed-ct')}`, patient);
    expect(res.body).toMatchObject({ status: 'Completed', hasAuthorizationForm: false });
    expect(
      (await get(`/api/requestRecord/authorizationForm/${demoRequestId('completed-ct')}`, patient)).status,
    ).toBe(404);
  });
});
