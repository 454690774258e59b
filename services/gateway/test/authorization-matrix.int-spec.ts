import { Pool } from 'pg';
import { importJWK, SignJWT, decodeJwt } from 'jose';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DEMO_USERS, demoUserId, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@portal/server-kit';
import { type ApiOperation, eventually, operationsOf } from '@portal/server-kit/testing';
import { startTestGateway, type TestGateway } from './test-gateway';
import { startDemoPatientSource } from './smart-fhir-source';
import { BILLING_API, FHIR_API, RECORDS_API, SHARING_API } from '@portal/contracts';
import { DEMO_GROUPS } from '@portal/groups-service';
import {
  DEMO_REPORT,
  ROWS,
  type MatrixRow,
  NO_OBJECT,
  type OwnerObjects,
  type CallerName,
  SIGNED_IN,
  ST_MARY_REQUEST,
  VIEWER_SHARE,
} from './authorization-rows';

jest.setTimeout(300_000);

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b\d+(?:\.\d+){4,}\b/g;
const idsIn = (body: unknown): Set<string> => new Set(JSON.stringify(body ?? null).match(ID) ?? []);

const EMAIL: Record<Exclude<CallerName, 'anonymous' | 'expired' | 'revoked'>, string> = {
  owner: 'patient@example.com',
  secondPatient: 'multi@example.com',
  provider: 'provider@example.com',
  coordinator: 'coordinator@example.com',
  admin: 'admin@example.com',
  viewer: 'viewer@example.com',
  fhir: 'fhir@example.com',
};

describe('authorization matrix: every operation, every kind of caller', () => {
  let gw: TestGateway;
  let doc: OpenAPIObject;
  let pool: Pool;
  const tokens = {} as Record<CallerName, string | undefined>;
  let owned: OwnerObjects;
  /** Ids anyone may see (facilities, reference data): their presence in an answer is no leak. */
  let publicIds: Set<string>;

  /** A token of the owner signed with the real key that expired a minute ago. */
  const expiredToken = async (valid: string) => {
    const [{ private_jwk: jwk, kid }] = (
      await pool.query('SELECT private_jwk, kid FROM auth.signing_keys ORDER BY created_at DESC LIMIT 1')
    ).rows;
    const { iat: _iat, exp: _exp, iss: _iss, aud: _aud, sub, ...claims } = decodeJwt(valid);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setSubject(sub!)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(now - 1000)
      .setExpirationTime(now - 60)
      .sign(await importJWK(jwk, 'EdDSA'));
  };

  let source: Awaited<ReturnType<typeof startDemoPatientSource>>;
  beforeAll(async () => {
    // Issue 28: a facility EHR holding a study of the owner, so the Smart FHIR rows have the owner's query and row.
    source = await startDemoPatientSource();
    gw = await startTestGateway({
      SMART_FHIR_SOURCES: source.env,
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000000',
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'error',
    });
    pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    doc = (await gw.send('GET', '/api/docs-json')).body;
    for (const [name, email] of Object.entries(EMAIL)) tokens[name as CallerName] = await gw.login(email);
    tokens.anonymous = undefined;
    tokens.expired = await expiredToken(tokens.owner!);
    const get = async (path: string, who: CallerName) =>
      (await gw.send('GET', path, { token: tokens[who] })).body;
    owned = {
      personId: (await get('/api/myIdentity/getPerson', 'owner')).id,
      familyMemberId: (await get('/api/myIdentity/familyMembers', 'owner'))[0].id,
      custodianId: (await get('/api/facility/getCustodians?filterStr=Mary', 'anonymous'))[0].id,
      documentRequestId: (await get(`/api/provider/dataRequests/${ST_MARY_REQUEST}`, 'provider'))
        .document_request[0].id,
      providerRecordId: '',
      providerReportId: '',
      studyInstanceUid: (await get('/api/dicomweb/studies', 'owner'))[0]['0020000D'].Value[0],
      seriesInstanceUid: '',
      sopInstanceUid: '',
      smartFhirIdentifier: '',
      smartFhirStudyId: '',
      smartFhirRequestId: '',
      fhirStudyId: '',
      fhirExportId: '',
      receiptId: '',
      adminTransactionId: '',
    };
    // Issue 30: the demo plan's receipt (the seed syncs it before the gateway answers), and a payment of the admin's.
    owned.receiptId = (await get(BILLING_API.receipts, 'owner'))[0].id;
    owned.adminTransactionId = (
      await gw.send('POST', BILLING_API.sponsorGroup, {
        token: tokens.admin,
        contentType: 'application/json',
        payload: JSON.stringify({ groupId: DEMO_GROUPS.cardiology }),
      })
    ).body.transactionId;
    // The demo seed submits St. Mary's completed inbox request once the inbox has received it: its study record.
    type Delivered = Array<{ id: string; record_type: string }>;
    const delivered = await eventually<Delivered>(
      () => get('/api/provider/records?tab=all', 'provider'),
      (rows) => rows.some((r) => r.record_type === 'IMAGES'),
    );
    owned.providerRecordId = delivered.find((r) => r.record_type === 'IMAGES')!.id;
    owned.providerReportId = (
      await get(`/api/provider/records/${owned.providerRecordId}`, 'provider')
    ).reports[0].id;
    // Part A of issue 12: an instance of that study, for the series and instance rows.
    const [instance] = await get(`/api/dicomweb/studies/${owned.studyInstanceUid}/instances`, 'owner');
    owned.seriesInstanceUid = instance['0020000E'].Value[0];
    owned.sopInstanceUid = instance['00080018'].Value[0];
    // Issue 28: the owner's query at the facility EHR, and the study it found.
    owned.smartFhirIdentifier = (await get('/api/smartFhir/initLoadGrid', 'owner')).identifiers[0].identifier;
    const answer = await eventually<{ is_ready: boolean; data: Array<{ id: string }> }>(
      () => get(`/api/smartFhir/loadGridByIdentifier?identifier=${owned.smartFhirIdentifier}`, 'owner'),
      (a) => a.is_ready,
    );
    owned.smartFhirStudyId = answer.data[0].id;
    owned.smartFhirRequestId = (
      await gw.send('POST', '/api/smartFhir/generatePatientRequestFromCfindResponse', {
        token: tokens.owner,
        contentType: 'application/json',
        payload: JSON.stringify({ cfindResponseId: owned.smartFhirStudyId }),
      })
    ).body.patientRequestId;
    // Issue 29: an ImagingStudy of the owner's, and a finished Bulk Data export of theirs (their own session).
    owned.fhirStudyId = (
      await eventually<{ entry?: Array<{ resource: { id: string } }> }>(
        () => get(`${FHIR_API.search('ImagingStudy')}?_count=1`, 'owner'),
        (b) => !!b.entry?.length,
      )
    ).entry![0].resource.id;
    const kickOff = await gw.send('GET', FHIR_API.export(demoUserId('patient@example.com')), {
      token: tokens.owner,
      headers: { prefer: 'respond-async' },
    });
    const statusUrl = String(kickOff.headers.get('content-location'));
    owned.fhirExportId = statusUrl.slice(statusUrl.lastIndexOf('/') + 1);
    await eventually(
      () => gw.send('GET', FHIR_API.exportStatus(owned.fhirExportId), { token: tokens.owner }),
      (r) => r.status !== 202,
    );
    publicIds = new Set([
      ...idsIn(await get('/api/facility/getCustodians', 'anonymous')),
      // The facility whose system every patient's Smart FHIR query names (issue 28).
      ...idsIn(await get('/api/facility/getCustodians?filterStr=Lakeside', 'anonymous')),
      ...idsIn(await get('/api/familyMemberTypes', 'anonymous')),
    ]);
    // Issue 24: the owner shares the report with the viewer, so the rows hold a grantee's reads to the owner's rule too.
    expect(
      (
        await gw.send('POST', SHARING_API.shareRecords, {
          token: tokens.owner,
          contentType: 'application/json',
          payload: JSON.stringify(VIEWER_SHARE),
        })
      ).status,
    ).toBe(201);
    await eventually(
      () =>
        gw
          .send('GET', RECORDS_API.attachments(ST_MARY_REQUEST, DEMO_REPORT), { token: tokens.viewer })
          .then((r) => r.status),
      (status) => status === 200,
    );
  });
  afterAll(async () => {
    await pool?.end();
    await gw?.close();
    await source?.close();
  });

  it('has a row, or a reason for having none, for every operation of the OpenAPI', () => {
    const keyed = new Set([...ROWS.map((r) => r.op), ...Object.keys(NO_OBJECT)]);
    expect(
      operationsOf(doc)
        .map((op) => `${op.method} ${op.path}`)
        .filter((k) => !keyed.has(k)),
    ).toEqual([]);
  });

  /** What the row's rule says this caller gets: 401 without a good token, 403 outside x-roles, else the row's. */
  const expected = (row: MatrixRow, op: ApiOperation, caller: CallerName): number | undefined => {
    if (row.statuses?.[caller] !== undefined) return row.statuses[caller];
    if (!op.secured) return row.publicStatus ?? 200;
    if (caller === 'anonymous' || caller === 'expired' || caller === 'revoked') return 401;
    const roles = DEMO_USERS.find((u) => u.email === EMAIL[caller as keyof typeof EMAIL])!.roles;
    if (op.roles && !op.roles.includes(roles[0])) return 403;
    if (caller === row.owner) return row.ownerStatus ?? 200;
    return row.otherStatus;
  };

  const bodyOf = (row: MatrixRow): string | undefined =>
    row.body === undefined
      ? undefined
      : JSON.stringify(typeof row.body === 'function' ? row.body(owned) : row.body);

  const run = async (callers: CallerName[]) => {
    const ops = new Map(operationsOf(doc).map((op) => [`${op.method} ${op.path}`, op]));
    const wrong: string[] = [];
    const leaks: string[] = [];
    let cells = 0;
    for (const row of ROWS) {
      const op = ops.get(row.op);
      if (!op) throw new Error(`matrix row for an operation the OpenAPI does not have: ${row.op}`);
      const ownerIds = row.leakCheck
        ? [
            ...idsIn(
              (
                await gw.send(op.method, row.url(owned), {
                  token: tokens[row.owner],
                  contentType: 'application/json',
                  payload: bodyOf(row),
                  headers: row.headers,
                })
              ).body,
            ),
          ].filter((id) => !publicIds.has(id))
        : [];
      // The owner goes last: a row may change or remove the very object it is about.
      for (const caller of [
        ...callers.filter((c) => c !== row.owner),
        ...callers.filter((c) => c === row.owner),
      ]) {
        const want = expected(row, op, caller);
        if (want === undefined) continue;
        const res = await gw.send(op.method, row.url(owned), {
          token: tokens[caller],
          contentType: row.body ? 'application/json' : undefined,
          payload: bodyOf(row),
          headers: row.headers,
        });
        cells++;
        if (res.status !== want)
          wrong.push(
            `${row.op} as ${caller}: ${res.status}, expected ${want} (${JSON.stringify(res.body).slice(0, 100)})`,
          );
        if (caller !== row.owner && res.status < 300 && !row.sharedWith?.includes(caller)) {
          const seen = ownerIds.filter((id) => idsIn(res.body).has(id));
          if (seen.length) leaks.push(`${row.op} as ${caller} sees ${row.owner}'s ${seen.join(', ')}`);
        }
      }
    }
    return { wrong, leaks, cells };
  };

  it('answers each caller as the route rule says and leaks no object of the owner', async () => {
    const { wrong, leaks, cells } = await run(['anonymous', ...SIGNED_IN, 'expired']);
    // Revoked: every session of the owner ends at logout; then the owner's old token is worth nothing.
    expect((await gw.send('POST', '/api/auth/logout', { token: tokens.owner })).status).toBe(200);
    tokens.revoked = tokens.owner;
    const after = await run(['revoked']);
    console.log(
      `authorization matrix: ${ROWS.length} operations, ${cells + after.cells} cells tried, ${leaks.length + after.leaks.length} leaks`,
    );
    expect({ wrong: [...wrong, ...after.wrong], leaks: [...leaks, ...after.leaks] }).toEqual({
      wrong: [],
      leaks: [],
    });
  });
});
