import { randomUUID } from 'node:crypto';
import { type EventPayloads, PROVIDER_API, REQUESTS_API } from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { demoUserId, EVENT_BUS, type EventBus, SYSTEM_CALLER } from '@portal/server-kit';
import {
  call,
  eventually,
  startTestApp,
  submitPatientRequest,
  type TestApp,
} from '@portal/server-kit/testing';
import { AssignStaff, ProviderContext } from '@portal/provider-service';
import { demoCustodianId, RequestsContext } from '@portal/requests-service';

// Issue 30 on real PostgreSQL, across two contexts (so among the gateway's tests, which depend on both):
// auth, requests and provider in one app with the demo data. A patient
// raises a request through the wizard route to the demo facility that charges a fee (Pinecrest Imaging
// Center, $15.00); billing's word on the fee (billing.request-fee-changed) is published on the bus here,
// as the billing context publishes it. The facility's inbox is the provider context's own routes.
const PINECREST = demoCustodianId('pinecrest');
const ST_MARY = demoCustodianId('st-mary');
const STAFF = 'provider2@example.com';
type FeeStatus = EventPayloads['billing.request-fee-changed']['status'];

describe('requests context: a facility that charges a fee for a records request', () => {
  let t: TestApp;
  let patient: string;
  let staff: string;
  let patientId: string;
  const login = async (username: string) =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
      .token as string;
  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, ProviderContext], { seed: true });
    patient = await login('patient@example.com');
    staff = await login(STAFF);
    patientId = demoUserId('patient@example.com');
    // Lakeside's demo staff member works for Pinecrest too here (the demo has no staff of its own for it).
    await t.app.get(AssignStaff).execute(demoUserId(STAFF), PINECREST, SYSTEM_CALLER);
  }, 120_000);
  afterAll(() => t?.close());

  const submit = async (custodianId: string) => {
    const res = await submitPatientRequest(t.app, patient, {
      custodian_id: custodianId,
      patientFirstName: 'Quincy',
      patientLastName: 'Feepayer',
      patientDOB: '07/04/1979',
      mrn: 'SM-1001',
      docReqType: ['IMAGES', 'REPORTS'],
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const details = (id: string) =>
    call(t.app, 'GET', `${REQUESTS_API.patientRequest}/${id}`, { token: patient }).then((r) => r.body);
  const statusOf = (id: string, status: string) =>
    eventually(
      () => details(id),
      (d) => d.status === status,
    ).then((d) => d.status as string);
  const inbox = (search = '') =>
    call(t.app, 'GET', `${PROVIDER_API.dataRequests}?search=${encodeURIComponent(search)}`, {
      token: staff,
    }).then((r) => r.body as { total: number; rows: Array<{ id: string; status: { name: string } }> });
  const kept = (id: string) =>
    t.query(`SELECT status FROM provider.requests_awaiting_payment WHERE id = $1`, [id]);
  /** Billing's word on a fee; answers once the requests context has applied (or set aside) it. */
  const feeChanged = async (patientRequestId: string, status: FeeStatus, version: number) => {
    const id = randomUUID();
    await t.app.get<EventBus>(EVENT_BUS).publish({
      id,
      type: 'billing.request-fee-changed',
      source: 'billing',
      occurredAt: new Date().toISOString(),
      sequence: version,
      payload: {
        patientRequestId,
        userId: patientId,
        status,
        message: status === 'FAILED' ? 'Your payment was not successful, please try again' : null,
        version,
      },
    });
    await eventually(
      () =>
        t.query(
          `SELECT 1 FROM requests.processed_events WHERE consumer = 'requests.request-fee' AND event_id = $1`,
          [id],
        ),
      (rows) => rows.length === 1,
    );
  };
  const statusChanges = (id: string) =>
    t
      .query(
        `SELECT payload->>'status' AS status FROM requests.outbox
         WHERE type = 'requests.patient-request-status-changed' AND payload->>'patientRequestId' = $1 ORDER BY seq`,
        [id],
      )
      .then((rows) => rows.map((r: { status: string }) => r.status));

  it("the wizard's facility says its fee; a facility without one says none", async () => {
    const init = await call(t.app, 'GET', `${REQUESTS_API.init}?custodianId=${PINECREST}`);
    expect(init.body.custodian).toMatchObject({
      name: 'Pinecrest Imaging Center',
      requestFee: { amountCents: 1500, currency: 'usd' },
    });
    const page = await call(t.app, 'GET', `${REQUESTS_API.getCustodiansDetails}/${ST_MARY}`);
    expect(page.body.requestFee).toBeNull();
  });

  it("waits in 'Pending payment' out of the facility's inbox, follows its fee, reaches the facility once paid; an older fee event then changes nothing", async () => {
    const before = (await inbox()).total;
    const id = await submit(PINECREST);
    expect((await details(id)).status).toBe('Pending payment');
    const [submitted] = await t.query(
      `SELECT payload FROM requests.outbox WHERE type = 'requests.patient-request-submitted' AND payload->>'patientRequestId' = $1`,
      [id],
    );
    expect(submitted.payload).toMatchObject({
      status: 'Pending payment',
      custodianName: 'Pinecrest Imaging Center',
      fee: { amountCents: 1500, currency: 'usd' },
    });
    // The provider context has the request (kept aside), but its inbox, counts, search and routes do not.
    expect(
      await eventually(
        () => kept(id),
        (rows) => rows.length === 1,
      ),
    ).toEqual([{ status: 'Pending payment' }]);
    const waiting = await inbox();
    expect(waiting.rows.map((r) => r.id)).not.toContain(id);
    expect(waiting.total).toBe(before);
    expect((await inbox('Feepayer')).rows).toEqual([]);
    expect((await call(t.app, 'GET', PROVIDER_API.dataRequest(id), { token: staff })).status).toBe(404);
    expect((await call(t.app, 'GET', PROVIDER_API.otherDocuments(id), { token: staff })).status).toBe(404);
    // Nor can the patient have the facility mailed before paying.
    const mail = await call(t.app, 'POST', REQUESTS_API.sendEmailToExternalProviders, {
      token: patient,
      body: { patientRequestId: id, externalProviderEmails: ['films@pinecrest.example'] },
    });
    expect(mail).toMatchObject({
      status: 409,
      body: { message: 'The facility receives this request once its fee is paid' },
    });

    await feeChanged(id, 'PENDING', 1);
    expect((await details(id)).status).toBe('Pending payment');
    await feeChanged(id, 'CLEARING', 2);
    expect(await statusOf(id, 'Pending payment clearance')).toBe('Pending payment clearance');
    expect(
      await eventually(
        () => kept(id),
        (rows) => rows[0]?.status === 'Pending payment clearance',
      ),
    ).toEqual([{ status: 'Pending payment clearance' }]);
    expect((await inbox()).rows.map((r) => r.id)).not.toContain(id);
    await feeChanged(id, 'FAILED', 3);
    expect(await statusOf(id, 'Pending payment')).toBe('Pending payment');
    expect((await call(t.app, 'GET', PROVIDER_API.dataRequest(id), { token: staff })).status).toBe(404);

    await feeChanged(id, 'CLEARING', 4);
    await feeChanged(id, 'PAID', 5);
    expect(await statusOf(id, 'New')).toBe('New');
    const paid = await eventually(
      () => inbox(),
      (page) => page.rows.some((r) => r.id === id),
    );
    expect(paid.rows.find((r) => r.id === id)).toMatchObject({ status: { name: 'New' } });
    expect(paid.total).toBe(before + 1);
    expect((await inbox('Feepayer')).rows.map((r) => r.id)).toEqual([id]);
    expect(await kept(id)).toEqual([]);
    const opened = await call(t.app, 'GET', PROVIDER_API.dataRequest(id), { token: staff });
    expect(opened.status).toBe(200);
    expect(
      opened.body.document_request.map(
        (d: { document_request_type: { mnemonic: string } }) => d.document_request_type.mnemonic,
      ),
    ).toEqual(['IMAGES', 'REPORTS']);

    // A late, older fee event (or a replay of the last one) changes nothing: the facility keeps it.
    const changes = await statusChanges(id);
    expect(changes).toEqual([
      'Pending payment clearance',
      'Pending payment',
      'Pending payment clearance',
      'New',
    ]);
    await feeChanged(id, 'FAILED', 4);
    await feeChanged(id, 'CLEARING', 3);
    await feeChanged(id, 'PAID', 5);
    // Even a newer one: a request the facility has is never taken back into a payment status.
    await feeChanged(id, 'FAILED', 6);
    expect((await details(id)).status).toBe('New');
    expect(await statusChanges(id)).toEqual(changes);
    expect((await call(t.app, 'GET', PROVIDER_API.dataRequest(id), { token: staff })).status).toBe(200);
  });

  it("a request to a facility without a fee is 'New' at once, with no fee on its event", async () => {
    const id = await submit(ST_MARY);
    expect((await details(id)).status).toBe('New');
    const [submitted] = await t.query(
      `SELECT payload FROM requests.outbox WHERE type = 'requests.patient-request-submitted' AND payload->>'patientRequestId' = $1`,
      [id],
    );
    expect(submitted.payload).toMatchObject({ status: 'New', fee: null });
  });
});
