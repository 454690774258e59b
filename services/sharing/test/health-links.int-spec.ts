import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compactDecrypt } from 'jose';
import { type HealthLinkPayload, SHARING_API } from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { ImagingContext } from '@portal/imaging-service';
import { DEMO_PASSWORD, demoUserId } from '@portal/server-kit';
import { call, eventually, r4Problems, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { SharingContext } from '../src';

const payloadOf = (shlink: string): HealthLinkPayload =>
  JSON.parse(Buffer.from(shlink.replace(/^shlink:\//, ''), 'base64url').toString());

// Issue 29: SMART Health Links against real PostgreSQL and imaging's DICOMweb: the patient makes one,
// a receiving app opens its manifest with the passcode, decrypts the bundle (valid FHIR R4) and reads
// the study over WADO-RS with the Endpoint's token; removing the link closes both.
describe('SMART Health Links', () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let patientRequestId: string;
  let studyUid: string;
  const owner = demoUserId('patient@example.com');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sharing-health-links-'));
  const manifest = async (id: string, body: unknown, ip = '198.51.100.7') => {
    const res = await t.app.inject({
      method: 'POST',
      url: SHARING_API.healthLinkManifest(id),
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  const signIn = async (username: string) =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: DEMO_PASSWORD } })).body
      .token;

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, ImagingContext, SharingContext], {
      seed: true,
      config: { dataDir },
    });
    const [row] = await eventually(
      () =>
        t.query(
          `SELECT patient_request_id, study_instance_uid FROM sharing.library_studies WHERE owner_user_id = $1 AND patient_request_id IS NOT NULL LIMIT 1`,
          [owner],
        ),
      (r) => r.length === 1,
    );
    patientRequestId = row.patient_request_id;
    studyUid = row.study_instance_uid;
    token = await signIn('patient@example.com');
    other = await signIn('patient2@example.com');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const create = (as: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', SHARING_API.healthLinks, {
      token: as,
      body: { patientRequestId, studyUid, ...body },
    });

  it('makes a passcode link whose manifest carries the study as valid FHIR R4, readable over WADO-RS with its token', async () => {
    const made = await create(token, { passcode: 'tulip-42', label: 'For Dr. Rivera' });
    expect(made.status).toBe(201);
    const payload = payloadOf(made.body.shlink);
    expect(payload).toMatchObject({ flag: 'P', label: 'For Dr. Rivera', v: 1 });
    expect(payload.url).toMatch(/\/api\/shl\/[\w-]{43}$/);
    expect(Buffer.from(payload.key, 'base64url')).toHaveLength(32);
    expect(made.body.url).toBe(`${made.body.link.url}#${made.body.shlink}`);
    expect(made.body.link).toMatchObject({ purpose: 'health-link', need_password: true });

    const id = new URL(payload.url).pathname.split('/').pop()!;
    const res = await manifest(id, { recipient: 'Dr. Rivera, Lakeside', passcode: 'tulip-42' });
    expect(res.status).toBe(200);
    const [file] = res.body.files;
    expect(file.contentType).toBe('application/fhir+json');
    const { plaintext, protectedHeader } = await compactDecrypt(
      file.embedded,
      Buffer.from(payload.key, 'base64url'),
    );
    expect(protectedHeader).toMatchObject({ alg: 'dir', enc: 'A256GCM', cty: 'application/fhir+json' });
    const bundle = JSON.parse(new TextDecoder().decode(plaintext));
    expect(r4Problems(bundle)).toEqual([]);
    const study = bundle.entry.find(
      (e: { resource: { resourceType: string } }) => e.resource.resourceType === 'ImagingStudy',
    ).resource;
    expect(study.identifier[0].value).toBe(`urn:oid:${studyUid}`);
    const endpoint = bundle.entry.find(
      (e: { fullUrl: string }) => e.fullUrl === study.endpoint[0].reference,
    ).resource;
    expect(endpoint.connectionType.code).toBe('dicom-wado-rs');
    const authorization = endpoint.header[0].replace(/^Authorization: /, '');
    const wado = await t.app.inject({
      method: 'GET',
      url: `/api/dicomweb/studies/${studyUid}/series`,
      headers: { authorization, accept: 'application/dicom+json' },
    });
    expect(wado.statusCode).toBe(200);
    // The token opens this link's study only.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/dicomweb/studies/1.2.3.4.5/series`,
      headers: { authorization, accept: 'application/dicom+json' },
    });
    expect(elsewhere.statusCode).toBe(403);
    const audit = await t.query(
      `SELECT detail FROM sharing.audit_log WHERE action = 'sharing.health-link-opened' AND subject_id = $1`,
      [owner],
    );
    expect(audit.map((a) => a.detail)).toContainEqual({ right: true, recipient: 'Dr. Rivera, Lakeside' });
    const links = await call(t.app, 'GET', SHARING_API.viewerLinks, { token });
    expect(links.body.find((l: { id: string }) => l.id === made.body.link.id)).toMatchObject({
      open_count: 1,
    });

    // Removing the link (the owner's public links) closes the manifest and the token.
    const removed = await call(t.app, 'DELETE', SHARING_API.viewerLink(made.body.link.id), { token });
    expect(removed.status).toBe(200);
    expect((await manifest(id, { recipient: 'x', passcode: 'tulip-42' })).status).toBe(404);
    await eventually(
      () =>
        t.app.inject({
          method: 'GET',
          url: `/api/dicomweb/studies/${studyUid}/series`,
          headers: { authorization, accept: 'application/dicom+json' },
        }),
      (r) => r.statusCode !== 200,
    );
  });

  it('refuses a wrong passcode (401), then counts attempts per link and address (429)', async () => {
    const made = await create(token, { passcode: 'right-pass' });
    const id = new URL(payloadOf(made.body.shlink).url).pathname.split('/').pop()!;
    const wrong = await manifest(id, { recipient: 'x', passcode: 'wrong-pass' }, '198.51.100.9');
    expect(wrong.status).toBe(401);
    for (let i = 0; i < 4; i++)
      await manifest(id, { recipient: 'x', passcode: 'wrong-pass' }, '198.51.100.9');
    expect((await manifest(id, { recipient: 'x', passcode: 'right-pass' }, '198.51.100.9')).status).toBe(429);
    expect((await manifest(id, { recipient: 'x', passcode: 'right-pass' }, '198.51.100.10')).status).toBe(
      200,
    );
    expect((await manifest('not-a-link', { recipient: 'x', passcode: 'right-pass' })).status).toBe(404);
  });

  it("answers 404 for another patient's record, and 400 for a short passcode", async () => {
    expect((await create(other, { passcode: 'tulip-42' })).status).toBe(404);
    const short = await create(token, { passcode: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('The passcode needs at least 6 characters');
  });
});
