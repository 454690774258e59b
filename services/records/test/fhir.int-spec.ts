import { randomUUID } from 'node:crypto';
import type { Bundle, Consent, DiagnosticReport, ImagingStudy, Resource } from '@medplum/fhirtypes';
import {
  type BackupStatus,
  type BulkExportManifest,
  type ConnectedAppReads,
  type EventPayloads,
  type EventType,
  FHIR_ACCESS_API,
  FHIR_API,
} from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { ImagingContext } from '@portal/imaging-service';
import { EVENT_BUS, type EventBus } from '@portal/server-kit';
import {
  call,
  eventually,
  r4Problems,
  smartToken,
  startTestApp,
  type TestApp,
} from '@portal/server-kit/testing';

// The FHIR R4 API on real PostgreSQL, over the demo patient's library (studies stored by imaging from
// real DICOM files, the report, the self uploads, a family member), read by a SMART app's token and by
// the patient's own session. Every resource that comes back is checked against the R4 definitions.
jest.setTimeout(240_000);

const tokenOf = async (t: TestApp, username: string) =>
  (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
    .token as string;
const subOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
const entriesOf = (bundle: Bundle): Resource[] => (bundle.entry ?? []).map((e) => e.resource!);
const SEARCHABLE = [
  'Patient',
  'RelatedPerson',
  'ImagingStudy',
  'Endpoint',
  'DiagnosticReport',
  'DocumentReference',
  'Consent',
  'AuditEvent',
];

describe('FHIR R4 API: read, search, $everything and $export of the patient in context', () => {
  let t: TestApp;
  let portal: string;
  let otherPortal: string;
  let patientId: string;
  let otherId: string;
  let app: string;
  let otherApp: string;
  const authorizationId = randomUUID();

  const smart = (sub: string, scope: string, sid = randomUUID()) =>
    smartToken(t, { sub, sid, client_id: 'test-app', scope: `launch/patient ${scope}`, patient: sub });
  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { token, headers });
  /** An answer's body as text (an NDJSON file of one line would read as JSON otherwise). */
  const getText = async (url: string, token: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, headers: res.headers, text: res.body };
  };
  const linesOf = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Resource);
  const emit = <T extends EventType>(type: T, payload: EventPayloads[T]) =>
    t.app.get<EventBus>(EVENT_BUS).publish({
      id: randomUUID(),
      type,
      source: 'test',
      occurredAt: new Date().toISOString(),
      sequence: 1,
      payload,
    } as never);
  /** Every resource of an answer, valid R4 or the test fails naming the problems. */
  const expectValid = (resources: unknown[]) =>
    expect(
      resources.flatMap((r) => r4Problems(r).map((p) => `${(r as Resource).resourceType}: ${p}`)),
    ).toEqual([]);
  const search = async (type: string, query = '', token = app) => {
    const res = await get(`${FHIR_API.search(type)}${query ? `?${query}` : ''}`, token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expectValid([res.body, ...entriesOf(res.body)]);
    return res.body as Bundle;
  };

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, ImagingContext], { seed: true });
    portal = await tokenOf(t, 'patient@example.com');
    otherPortal = await tokenOf(t, 'multi@example.com');
    patientId = subOf(portal);
    otherId = subOf(otherPortal);
    app = await smart(patientId, 'patient/*.rs', authorizationId);
    otherApp = await smart(otherId, 'patient/*.rs');
    // A share of the owner's (sharing's snapshot as records keeps it): one everything, one switched off.
    for (const [enabled, allRecords] of [
      [true, true],
      [false, false],
    ])
      await emit('sharing.access-changed', {
        recipientId: randomUUID(),
        ownerUserId: patientId,
        viewerUserId: null,
        email: 'viewer@example.com',
        name: 'Vic Patel',
        enabled,
        allRecords,
        items: [],
        expiresAt: null,
        version: 1,
      });
    // The demo library: 10 studies stored by imaging, the report and two self uploads.
    const [studies, documents, consents] = await eventually(
      async () => [
        (await search('ImagingStudy', '_count=0')).total!,
        (await search('DocumentReference', '_count=0')).total!,
        (await search('Consent', '_count=0')).total!,
      ],
      ([s, d, c]) => s >= 10 && d >= 3 && c === 2,
      60_000,
    );
    expect({ studies, documents, consents }).toEqual({
      studies: expect.any(Number),
      documents: expect.any(Number),
      consents: 2,
    });
    expect(studies).toBeGreaterThanOrEqual(10);
    expect(documents).toBeGreaterThanOrEqual(3);
  });
  afterAll(() => t?.close());

  it('publishes its CapabilityStatement and SMART configuration without a token', async () => {
    const metadata = await get(FHIR_API.metadata);
    expect(metadata.status).toBe(200);
    expect(metadata.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expectValid([metadata.body]);
    expect(metadata.body.rest[0].security.extension[0].extension.map((e: { url: string }) => e.url)).toEqual([
      'authorize',
      'token',
      'register',
    ]);
    const smartConfig = await get(FHIR_API.smartConfiguration);
    expect(smartConfig.status).toBe(200);
    expect(smartConfig.body.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('reads and searches every type for the patient in context, each resource valid R4', async () => {
    for (const type of SEARCHABLE) {
      const bundle = await search(type);
      expect(bundle.total).toBeGreaterThan(0);
      const first = entriesOf(bundle)[0];
      const read = await get(FHIR_API.read(type, first.id!), app);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(first);
      expectValid([read.body]);
    }
    const [patient] = entriesOf(await search('Patient'));
    expect(patient).toMatchObject({ id: patientId, birthDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // Studies carry their series and instances, with the SOP classes imaging announced.
    const studies = entriesOf(await search('ImagingStudy', '_count=50')) as ImagingStudy[];
    const withImages = studies.find((s) => s.series?.[0]?.instance?.length);
    expect(withImages!.series![0].instance![0].sopClass.code).toMatch(/^urn:oid:1\.2\.840\.10008\./);
    expect(withImages!.endpoint).toEqual([{ reference: 'Endpoint/dicomweb' }]);
    const consents = entriesOf(await search('Consent')) as Consent[];
    expect(consents.map((c) => c.status).sort()).toEqual(['active', 'inactive']);
  });

  it("streams a document's bytes from Binary, or a Binary resource for FHIR JSON", async () => {
    const [report] = entriesOf(await search('DiagnosticReport')) as DiagnosticReport[];
    const url = `/api/fhir/${report.presentedForm![0].url}`;
    const raw = await get(url, app);
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toBe('application/pdf');
    expect(String(raw.body).startsWith('%PDF')).toBe(true);
    const json = await get(url, app, { accept: 'application/fhir+json' });
    expect(json.body).toMatchObject({ resourceType: 'Binary', contentType: 'application/pdf' });
    expect(Buffer.from(json.body.data, 'base64').subarray(0, 4).toString()).toBe('%PDF');
    expectValid([json.body]);
  });

  it("answers 404 for another patient's resources and narrows $everything to the token's patient", async () => {
    const [study] = entriesOf(await search('ImagingStudy'));
    const [report] = entriesOf(await search('DiagnosticReport'));
    for (const url of [
      FHIR_API.read('ImagingStudy', study.id!),
      FHIR_API.read('Patient', patientId),
      FHIR_API.binary(report.id!),
      FHIR_API.everything(patientId),
    ]) {
      const res = await get(url, otherApp);
      expect(res.status).toBe(404);
      expect(res.body.resourceType).toBe('OperationOutcome');
    }
    expect((await search('ImagingStudy', `patient=Patient/${patientId}`, otherApp)).total).toBe(0);
    expect((await search('ImagingStudy', `patient=${otherId}`)).total).toBe(0);
    const everything = await get(`${FHIR_API.everything(patientId)}?_count=1000`, app);
    expect(everything.status).toBe(200);
    const all = entriesOf(everything.body);
    expectValid([everything.body, ...all]);
    expect(all[0]).toMatchObject({ resourceType: 'Patient', id: patientId });
    expect(everything.body.total).toBe(all.length);
    const subjects = all.flatMap((r: any) => [r.subject?.reference, r.patient?.reference]).filter(Boolean);
    expect(new Set(subjects)).toEqual(new Set([`Patient/${patientId}`]));
    expect(JSON.stringify(everything.body)).not.toContain(otherId);
  });

  it('keeps a token to its scopes: ImagingStudy.rs cannot read Patient nor write, and every write is refused', async () => {
    const studiesOnly = await smart(patientId, 'patient/ImagingStudy.rs');
    const patient = await get(FHIR_API.read('Patient', patientId), studiesOnly);
    expect(patient.status).toBe(403);
    expect(patient.headers['www-authenticate']).toBe('Bearer error="insufficient_scope"');
    expectValid([patient.body]);
    expect((await search('ImagingStudy', '', studiesOnly)).total).toBeGreaterThan(0);
    const everything = await get(FHIR_API.everything(patientId), studiesOnly);
    // The studies, and the Endpoint their images are fetched from (it comes with an ImagingStudy scope).
    expect(new Set(entriesOf(everything.body).map((r) => r.resourceType))).toEqual(
      new Set(['ImagingStudy', 'Endpoint']),
    );
    const body = {
      resourceType: 'ImagingStudy',
      status: 'available',
      subject: { reference: `Patient/${patientId}` },
    };
    for (const token of [studiesOnly, app, portal]) {
      const create = await call(t.app, 'POST', FHIR_API.search('ImagingStudy'), { token, body });
      expect(create.status).toBe(403);
      expect(create.body.resourceType).toBe('OperationOutcome');
    }
    expect((await call(t.app, 'DELETE', FHIR_API.read('Patient', patientId), { token: app })).status).toBe(
      403,
    );
    // A token whose scopes would allow a change meets a read-only server.
    const writer = await smart(patientId, 'patient/ImagingStudy.cruds');
    const put = await call(t.app, 'PUT', FHIR_API.read('ImagingStudy', randomUUID()), {
      token: writer,
      body,
    });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET');
  });

  it('answers 401 with WWW-Authenticate without a good token, and 404 for a type it does not serve', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await get(FHIR_API.search('ImagingStudy'), token);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expectValid([res.body]);
    }
    expect((await get(FHIR_API.search('Observation'), app)).status).toBe(404);
    expect((await get(`${FHIR_API.search('ImagingStudy')}?date=yesterday`, app)).status).toBe(400);
  });

  it('pages with _count and _offset through next and previous links', async () => {
    const first = await search('ImagingStudy', '_count=3');
    const next = first.link!.find((l) => l.relation === 'next')!.url;
    expect(next).toMatch(/_count=3&_offset=3$/);
    const second = await get(next.slice(next.indexOf('/api/')), app);
    expect(second.status).toBe(200);
    const ids = (b: Bundle) => entriesOf(b).map((r) => r.id);
    expect(ids(second.body)).toHaveLength(3);
    expect(ids(second.body).filter((id) => ids(first).includes(id))).toEqual([]);
    expect(second.body.link.find((l: { relation: string }) => l.relation === 'previous').url).toMatch(
      /_offset=0$/,
    );
    const all = await search('ImagingStudy', '_count=200');
    expect(ids(all).slice(3, 6)).toEqual(ids(second.body));
  });

  it('filters by _lastUpdated, date and modality', async () => {
    const all = entriesOf(await search('ImagingStudy', '_count=200')) as ImagingStudy[];
    const mr = await search('ImagingStudy', '_count=200&modality=MR');
    expect(mr.total).toBe(all.filter((s) => s.modality!.some((m) => m.code === 'MR')).length);
    expect(mr.total).toBeGreaterThan(0);
    expect(
      (await search('ImagingStudy', 'modality=http://dicom.nema.org/resources/ontology/DCM|MR')).total,
    ).toBe(mr.total);
    const dated = all.filter((s) => s.started);
    const day = dated[0].started!.slice(0, 10);
    const sameDay = await search('ImagingStudy', `_count=200&date=${day}`);
    expect(sameDay.total).toBe(dated.filter((s) => s.started!.startsWith(day)).length);
    expect((await search('ImagingStudy', `_count=200&date=ge${day}&date=le${day}`)).total).toBe(
      sameDay.total,
    );
    expect((await search('ImagingStudy', `date=lt1900-01-01`)).total).toBe(0);
    expect((await search('ImagingStudy', `_lastUpdated=gt2100-01-01`)).total).toBe(0);
    expect((await search('ImagingStudy', `_count=200&_lastUpdated=le2100-01-01`)).total).toBe(all.length);
  });

  /** Kick-off, status polled until done, every NDJSON file fetched and checked: the manifest and the resources. */
  const runExport = async (token: string, query = '') => {
    const kickOff = await get(`${FHIR_API.export(patientId)}${query}`, token, { prefer: 'respond-async' });
    expect(kickOff.status).toBe(202);
    const statusUrl = String(kickOff.headers['content-location']);
    expect(statusUrl).toMatch(/\/api\/fhir\/\$export-status\/[0-9a-f-]{36}$/);
    const statusPath = statusUrl.slice(statusUrl.indexOf('/api/'));
    const done = await eventually(
      () => get(statusPath, token),
      (r) => r.status !== 202,
      60_000,
    );
    expect(done.status).toBe(200);
    const manifest = done.body as BulkExportManifest;
    expect(manifest).toMatchObject({ requiresAccessToken: true, error: [] });
    const files: Record<string, Resource[]> = {};
    for (const file of manifest.output) {
      const res = await getText(file.url.slice(file.url.indexOf('/api/')), token);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
      const lines = linesOf(res.text);
      expect(lines).toHaveLength(file.count);
      expectValid(lines);
      files[file.type] = lines;
    }
    return { statusPath, manifest, files };
  };

  it('exports in Bulk Data NDJSON: 202, status until done, files for the same caller only; Prefer is required', async () => {
    expect((await get(FHIR_API.export(patientId), app)).status).toBe(400);
    expect((await get(FHIR_API.export(otherId), app, { prefer: 'respond-async' })).status).toBe(404);
    const { statusPath, manifest, files } = await runExport(app);
    const studies = (await search('ImagingStudy', '_count=0')).total;
    expect(files.ImagingStudy).toHaveLength(studies!);
    expect(files.Patient.map((p) => p.id)).toEqual([patientId]);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['DocumentReference', 'Consent', 'Endpoint']));
    // Another app, or the patient's own session, is not the caller that started it.
    const fileUrl = manifest.output[0].url.slice(manifest.output[0].url.indexOf('/api/'));
    for (const token of [otherApp, portal, await smart(patientId, 'patient/*.rs')]) {
      expect((await get(statusPath, token)).status).toBe(404);
      expect((await get(fileUrl, token)).status).toBe(404);
    }
    // Deleted: the status and the files are gone.
    expect((await call(t.app, 'DELETE', statusPath, { token: app })).status).toBe(202);
    expect((await get(statusPath, app)).status).toBe(404);
    expect((await get(fileUrl, app)).status).toBe(404);
  });

  it('exports incrementally with _since: only what changed after it', async () => {
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const uid = `2.25.${BigInt(`0x${randomUUID().replace(/-/g, '')}`)}`;
    await emit('imaging.study-stored', {
      userId: patientId,
      patientRequestId: null,
      studyInstanceUid: uid,
      modality: 'CT',
      studyDescription: 'CT HEAD',
      studyDate: '2026-02-01',
      numberOfInstances: 2,
      instances: [
        {
          seriesInstanceUid: `${uid}.1`,
          sopInstanceUid: `${uid}.1.1`,
          numberOfFrames: 1,
          seriesDescription: 'AXIAL',
          sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
          seriesNumber: 1,
          instanceNumber: 1,
          modality: 'CT',
        },
        // Announced as an older imaging announced it: no SOP class, so FHIR cannot list it.
        {
          seriesInstanceUid: `${uid}.1`,
          sopInstanceUid: `${uid}.1.2`,
          numberOfFrames: 1,
          seriesDescription: 'AXIAL',
        },
      ],
    });
    await eventually(
      async () => (await search('ImagingStudy', `_lastUpdated=gt${since}`)).total,
      (n) => n === 1,
    );
    const { files, manifest } = await runExport(
      app,
      `?_since=${encodeURIComponent(since)}&_type=ImagingStudy,Patient`,
    );
    expect(manifest.request).toContain('_since=');
    expect((files.ImagingStudy as ImagingStudy[]).map((s) => s.identifier![0].value)).toEqual([
      `urn:oid:${uid}`,
    ]);
    const [series] = (files.ImagingStudy[0] as ImagingStudy).series!;
    expect(series.numberOfInstances).toBe(2);
    expect(series.instance!.map((i) => [i.uid, i.sopClass.code])).toEqual([
      [`${uid}.1.1`, 'urn:oid:1.2.840.10008.5.1.4.1.1.2'],
    ]);
    expect(files.Patient).toBeUndefined();
  });

  it("shows the patient each app's reads, from records' audit", async () => {
    const res = await get(FHIR_ACCESS_API.appReads, portal);
    expect(res.status).toBe(200);
    const mine = (res.body as ConnectedAppReads[]).find((a) => a.authorizationId === authorizationId)!;
    expect(mine.lastReadAt).not.toBeNull();
    const counts = Object.fromEntries(mine.reads.map((r) => [r.resourceType, r.count]));
    expect(counts.ImagingStudy).toBeGreaterThan(10);
    expect(counts.Binary).toBeGreaterThanOrEqual(2);
    // The other patient sees their own app only (its searches of this patient's record gave it nothing).
    const theirs = (await get(FHIR_ACCESS_API.appReads, otherPortal)).body as ConnectedAppReads[];
    expect(theirs.map((a) => a.authorizationId)).not.toContain(authorizationId);
    expect(theirs.flatMap((a) => a.reads)).toEqual([]);
    const audit = await t.query(
      `SELECT detail FROM records.audit_log WHERE action = 'records.fhir-read' AND subject_id = $1 LIMIT 1`,
      [patientId],
    );
    expect(audit[0].detail).toMatchObject({
      clientId: 'test-app',
      authorizationId,
      reads: expect.any(Object),
    });
  });

  it('downloads everything for the patient: a full backup, then an incremental one, files with their own session', async () => {
    expect((await get(FHIR_ACCESS_API.backup, portal)).body).toMatchObject({ state: 'none' });
    const started = await call(t.app, 'POST', FHIR_ACCESS_API.startBackup, { token: portal, body: {} });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ state: 'in-progress', since: null });
    const done = await eventually(
      () => get(FHIR_ACCESS_API.backup, portal).then((r) => r.body as BackupStatus),
      (s) => s.state !== 'in-progress',
      60_000,
    );
    expect(done.state).toBe('completed');
    const studies = done.files.find((f) => f.type === 'ImagingStudy')!;
    const file = await getText(studies.url, portal);
    expect(file.status).toBe(200);
    expect(linesOf(file.text)).toHaveLength(studies.count);
    expect((await get(studies.url, app)).status).toBe(404);
    const again = await call(t.app, 'POST', FHIR_ACCESS_API.startBackup, { token: portal, body: {} });
    expect(again.body.since).toBe(done.startedAt);
    const incremental = await eventually(
      () => get(FHIR_ACCESS_API.backup, portal).then((r) => r.body as BackupStatus),
      (s) => s.state !== 'in-progress',
      60_000,
    );
    expect(incremental.state).toBe('completed');
    expect(incremental.files.find((f) => f.type === 'ImagingStudy')).toBeUndefined();
    expect(
      (await call(t.app, 'POST', FHIR_ACCESS_API.startBackup, { token: portal, body: { full: 'yes' } }))
        .status,
    ).toBe(400);
  });
});
