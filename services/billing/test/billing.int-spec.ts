import { AuthContext } from '@portal/auth-service';
import { BillingContext, CountSeats } from '@portal/billing-service';
import { DEMO_GROUPS, demoMembershipId, GroupsContext } from '@portal/groups-service';
import { BILLING_API, BILLING_MESSAGES, GROUPS_API, RECORDS_API } from '@portal/contracts';
import { RecordsContext } from '@portal/records-service';
import { RequestsContext } from '@portal/requests-service';
import { type ContextKit, contextToken, DEMO_PASSWORD, demoUserId } from '@portal/server-kit';
import { call, eventually, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { randomUUID } from 'node:crypto';
import {
  type LocalStripe,
  payOnHostedPage,
  processorCall,
  processorEvents,
  signed,
  startLocalStripe,
} from './local-processor';

// The billing context on real PostgreSQL against the local processor, which speaks Stripe's HTTP API to
// the official SDK. Webhooks are not delivered by the processor here: each test posts the recorded
// events itself, signed as Stripe signs them, so it can repeat, reorder, tamper with and age them.
describe('billing: plans, payments and webhooks', () => {
  let ls: LocalStripe;
  let t: TestApp;
  const login = async (email: string) =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { username: email, password: DEMO_PASSWORD } }))
      .body.token as string;
  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: BILLING_API.processorWebhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  /** Posts every recorded event not posted yet, in order, as the processor would. */
  const posted = new Set<string>();
  const deliverAll = async () => {
    for (const e of await processorEvents(ls)) {
      if (posted.has(e.id)) continue;
      posted.add(e.id);
      const { payload, signature } = signed(e, ls.webhookSecret);
      const res = await webhook(payload, signature);
      expect(res.statusCode).toBe(200);
    }
  };
  /** Subscribes on the hosted page with a card; answers the transaction id. */
  const subscribeWith = async (token: string, card: string) => {
    const start = await call(t.app, 'POST', BILLING_API.subscribe, { token, body: { planId: 'basic' } });
    expect(start.status).toBe(200);
    const paid = await payOnHostedPage(start.body.url, card);
    return { transactionId: start.body.transactionId as string, paid };
  };

  beforeAll(async () => {
    ls = await startLocalStripe();
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext, GroupsContext, BillingContext], {
      seed: true,
      config: {
        stripeSecretKey: ls.secretKey,
        stripeWebhookSecret: ls.webhookSecret,
        stripeApiUrl: ls.baseUrl,
        billingTestClocks: true,
        publicUrl: 'http://portal.test',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await ls?.close();
  });

  it('seeds the demo: the patient Active with one past receipt, patient2 lapsed with uploads paused and reads kept', async () => {
    const patient = await login('patient@example.com');
    const s = (await call(t.app, 'GET', BILLING_API.subscription, { token: patient })).body;
    expect(s).toMatchObject({
      active: true,
      state: 'active',
      plan: { id: 'basic', amountCents: 499 },
      storageOpen: true,
    });
    expect(new Date(s.lastBillingDate).getTime()).toBeLessThan(Date.now() - 15 * 86_400_000);
    expect(new Date(s.nextBillingDate).getTime()).toBeGreaterThan(Date.now());
    expect(s.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242' });
    const receipts = (await call(t.app, 'GET', BILLING_API.receipts, { token: patient })).body;
    expect(receipts).toHaveLength(1);
    const pdf = await t.app.inject({
      method: 'GET',
      url: BILLING_API.receiptPdf(receipts[0].id),
      headers: { authorization: `Bearer ${patient}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const patient2 = await login('patient2@example.com');
    const lapsed = (await call(t.app, 'GET', BILLING_API.subscription, { token: patient2 })).body;
    expect(lapsed).toMatchObject({
      active: false,
      state: 'lapsed',
      storageOpen: false,
      nextBillingDate: null,
    });
    // Records hears of it: a new upload is refused with the reason; the library still reads.
    const form = await eventually(
      () =>
        call(t.app, 'GET', `${RECORDS_API.uploadForm}?fileName=report.pdf&size=10&recordType=REPORTS`, {
          token: patient2,
        }),
      (r) => r.status === 402,
    );
    expect(form.status).toBe(402);
    expect(form.body).toMatchObject({
      code: 'SUBSCRIPTION.REQUIRED',
      message: BILLING_MESSAGES.storagePaused,
    });
    // The patient with an active plan still uploads.
    expect(
      (
        await call(t.app, 'GET', `${RECORDS_API.uploadForm}?fileName=report.pdf&size=10&recordType=REPORTS`, {
          token: patient,
        })
      ).status,
    ).toBe(200);
    // Another patient's receipt is not found, alike with a made-up id.
    expect(
      (await call(t.app, 'GET', BILLING_API.receiptPdf(receipts[0].id), { token: patient2 })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', BILLING_API.receiptPdf('not-a-uuid'), { token: patient2 })).status).toBe(
      404,
    );
  });

  it('subscribes through the hosted checkout: success, then Active with its dates; twice is refused', async () => {
    const token = await login('patient3@example.com');
    const { transactionId, paid } = await subscribeWith(token, '4242424242424242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://portal.test/subscription/payment-result?transaction=${transactionId}`);
    const done = await call(t.app, 'POST', BILLING_API.finishTransaction, { token, body: { transactionId } });
    expect(done.body).toMatchObject({
      outcome: 'succeeded',
      message: BILLING_MESSAGES.paymentSucceeded,
      purpose: 'storage-plan',
    });
    const s = (await call(t.app, 'GET', BILLING_API.subscription, { token })).body;
    expect(s).toMatchObject({ active: true, state: 'active', cancelAtPeriodEnd: false });
    expect(s.lastBillingDate).not.toBeNull();
    expect(s.nextBillingDate).not.toBeNull();
    expect(
      (await call(t.app, 'POST', BILLING_API.subscribe, { token, body: { planId: 'plus' } })).status,
    ).toBe(409);
    // Another patient cannot read this transaction's outcome.
    const other = await login('patient4@example.com');
    expect(
      (await call(t.app, 'POST', BILLING_API.finishTransaction, { token: other, body: { transactionId } }))
        .status,
    ).toBe(404);
  });

  it('a declined card is not successful; a processing one is under processing until the webhook says paid', async () => {
    const token = await login('patient4@example.com');
    const declined = await subscribeWith(token, '4000000000000002');
    expect(declined.paid.location).toBeNull();
    expect(declined.paid.html).toContain('Your card was declined.');
    const failed = await call(t.app, 'POST', BILLING_API.finishTransaction, {
      token,
      body: { transactionId: declined.transactionId },
    });
    expect(failed.body).toMatchObject({
      outcome: 'failed',
      message: 'Your payment was not successful, please try again',
    });

    const slow = await subscribeWith(token, '4000000000001000');
    const processing = await call(t.app, 'POST', BILLING_API.finishTransaction, {
      token,
      body: { transactionId: slow.transactionId },
    });
    expect(processing.body).toMatchObject({
      outcome: 'processing',
      message: BILLING_MESSAGES.paymentProcessing,
    });
    expect((await call(t.app, 'GET', BILLING_API.subscription, { token })).body).toMatchObject({
      state: 'processing',
      active: false,
    });
    const intent = (await processorEvents(ls)).reverse().find((e) => e.type === 'payment_intent.processing')!;
    await processorCall(
      ls,
      'POST',
      `/_local/payment_intents/${(intent.data.object as { id: string }).id}/settle`,
      {
        outcome: 'succeeded',
      },
    );
    await deliverAll();
    expect((await call(t.app, 'GET', BILLING_API.subscription, { token })).body).toMatchObject({
      state: 'active',
      active: true,
    });
  });

  it('refuses a webhook whose signature is tampered with, missing or too old; applies one event once', async () => {
    const [event] = (await processorEvents(ls)).filter((e) => e.type === 'customer.subscription.created');
    const { payload, signature } = signed(event!, ls.webhookSecret);
    const tampered = await webhook(payload.replace('"active"', '"canceled"'), signature);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ message: 'The webhook signature could not be verified' });
    expect((await webhook(payload, signed(event!, 'whsec_someone_else').signature)).statusCode).toBe(400);
    expect((await webhook(payload, '')).statusCode).toBe(400);
    const old = signed(event!, ls.webhookSecret, Math.floor(Date.now() / 1000) - 600);
    expect((await webhook(old.payload, old.signature)).statusCode).toBe(400);

    const fresh = { ...event!, id: `evt_test_${randomUUID()}` };
    const once = signed(fresh, ls.webhookSecret);
    expect((await webhook(once.payload, once.signature)).json()).toEqual({ received: true, applied: true });
    expect((await webhook(once.payload, once.signature)).json()).toEqual({ received: true, applied: false });
    const rows = await t.query(`SELECT count(*)::int AS n FROM billing.processor_events WHERE id = $1`, [
      fresh.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('events out of order change nothing back: a late "created" after cancel-at-period-end keeps the cancel', async () => {
    const token = await login('patient3@example.com');
    await deliverAll();
    const cancelled = await call(t.app, 'POST', BILLING_API.cancel, { token });
    expect(cancelled.body).toMatchObject({ cancelAtPeriodEnd: true, active: true, nextBillingDate: null });
    // The oldest event about this subscription, delivered again as a new event after the cancel.
    const subId = (
      await t.query(`SELECT id FROM billing.subscriptions WHERE owner_id = $1`, [
        demoUserId('patient3@example.com'),
      ])
    )[0].id;
    const created = (await processorEvents(ls)).find(
      (e) => e.type === 'customer.subscription.created' && (e.data.object as { id: string }).id === subId,
    )!;
    const late = signed({ ...created, id: `evt_late_${randomUUID()}` }, ls.webhookSecret);
    expect((await webhook(late.payload, late.signature)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', BILLING_API.subscription, { token })).body).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    const resumed = await call(t.app, 'POST', BILLING_API.resume, { token });
    expect(resumed.body).toMatchObject({ cancelAtPeriodEnd: false });
    expect(resumed.body.nextBillingDate).not.toBeNull();
  });

  it('a plan change shows its proration first, then charges it', async () => {
    const token = await login('patient3@example.com');
    const preview = await call(t.app, 'POST', BILLING_API.previewPlanChange, {
      token,
      body: { planId: 'plus' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.amountDueNowCents).toBeGreaterThan(0);
    expect(preview.body.amountDueNowCents).toBeLessThanOrEqual(999 - 499);
    expect(preview.body.lines.length).toBeGreaterThanOrEqual(2);
    expect(
      (await call(t.app, 'POST', BILLING_API.previewPlanChange, { token, body: { planId: 'basic' } })).status,
    ).toBe(400);
    const changed = await call(t.app, 'POST', BILLING_API.changePlan, { token, body: { planId: 'plus' } });
    expect(changed.body).toMatchObject({ plan: { id: 'plus', amountCents: 999 }, active: true });
    const receipts = (await call(t.app, 'GET', BILLING_API.receipts, { token })).body as Array<{
      amountCents: number;
    }>;
    expect(receipts.map((r) => r.amountCents)).toContain(preview.body.amountDueNowCents);
  });

  it('the processor down is a 503 in the vocabulary with nothing half-written; the page still answers', async () => {
    const token = await login('patient5@example.com');
    await processorCall(ls, 'POST', '/_local/outage', { down: 'true' });
    try {
      const res = await call(t.app, 'POST', BILLING_API.subscribe, { token, body: { planId: 'basic' } });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'UPSTREAM.UNAVAILABLE',
        message: BILLING_MESSAGES.processorDown,
      });
      const me = demoUserId('patient5@example.com');
      expect(await t.query(`SELECT * FROM billing.customers WHERE owner_id = $1`, [me])).toEqual([]);
      expect(await t.query(`SELECT * FROM billing.transactions WHERE user_id = $1`, [me])).toEqual([]);
      // Never locked out: where one stands is answered from our copy.
      expect((await call(t.app, 'GET', BILLING_API.subscription, { token })).body).toMatchObject({
        state: 'none',
        storageOpen: true,
      });
    } finally {
      await processorCall(ls, 'POST', '/_local/outage', { down: 'false' });
    }
  });

  it('retries of our own calls are idempotent: the same try makes one customer, the same transaction one checkout session', async () => {
    const { PAYMENT_PROCESSOR } = require('../src/processor/payment-processor');
    const processor = t.app.get(PAYMENT_PROCESSOR);
    const owner = { type: 'user' as const, id: randomUUID() };
    const { CustomerRepository } = require('../src/accounts/customer.repository');
    const customers = t.app.get(CustomerRepository);
    const { db } = t.app.get<ContextKit>(contextToken('billing'));
    const attempt = await customers.attempt(db, owner);
    const customer = await processor.createCustomer(owner, 'someone@example.com', 'Some One', attempt);
    // A retry reads the same try, whenever it comes: nothing in the call depends on the time it is made.
    const retry = await customers.attempt(db, owner);
    expect(retry).toEqual(attempt);
    expect(await processor.createCustomer(owner, 'someone@example.com', 'Some One', retry)).toBe(customer);
    const request = {
      customerId: customer,
      mode: 'subscription' as const,
      lines: [{ priceLookupKey: 'storage_basic_monthly', quantity: 1 }],
      transactionId: randomUUID(),
      metadata: {},
      returnUrl: 'http://portal.test/x',
    };
    const first = await processor.startCheckout(request);
    expect((await processor.startCheckout(request)).sessionId).toBe(first.sessionId);
  });

  it('a request fee: pending, then clearing while the payment settles, then paid; a decline returns it with the message', async () => {
    const token = await login('patient6@example.com');
    const patientRequestId = randomUUID();
    const requests = t.app.get<ContextKit>(contextToken('requests'));
    await requests.transaction((tx) =>
      requests.events.record(tx, 'requests.patient-request-submitted', {
        patientRequestId,
        userId: demoUserId('patient6@example.com'),
        personId: randomUUID(),
        custodianId: randomUUID(),
        custodianName: 'Harbor Records',
        patient: { firstName: 'Pat', lastName: 'Six', dateOfBirth: '1980-01-01' },
        docReqTypes: ['IMAGES'],
        status: 'Pending payment',
        createdAt: new Date().toISOString(),
        fee: { amountCents: 1500, currency: 'usd' },
      }),
    );
    const fee = async () =>
      (await call(t.app, 'GET', `${BILLING_API.requestFee}?patientRequestId=${patientRequestId}`, { token }))
        .body;
    expect(await eventually(fee, (f) => f.status === 'PENDING')).toMatchObject({
      status: 'PENDING',
      amountCents: 1500,
    });
    const feeEvents = async () =>
      (
        await t.query(
          `SELECT payload FROM billing.outbox WHERE type = 'billing.request-fee-changed' ORDER BY seq`,
        )
      )
        .map((r) => r.payload)
        .filter((p) => p.patientRequestId === patientRequestId);

    const pay = async (card: string) => {
      const start = await call(t.app, 'POST', BILLING_API.initializeOneTimeCharge, {
        token,
        body: { purpose: 'request-fee', patientRequestId },
      });
      expect(start.body).toMatchObject({ url: expect.any(String) });
      await payOnHostedPage(start.body.url, card);
      return (
        await call(t.app, 'POST', BILLING_API.finishTransaction, {
          token,
          body: { transactionId: start.body.transactionId },
        })
      ).body;
    };
    expect(await pay('4000000000000002')).toMatchObject({
      outcome: 'failed',
      purpose: 'request-fee',
      patientRequestId,
    });
    expect(await fee()).toMatchObject({
      status: 'FAILED',
      message: 'Your payment was not successful, please try again',
    });
    expect(await pay('4000000000001000')).toMatchObject({ outcome: 'processing' });
    expect(await fee()).toMatchObject({ status: 'CLEARING', message: null });
    // Paying again while it settles is refused.
    expect(
      (
        await call(t.app, 'POST', BILLING_API.initializeOneTimeCharge, {
          token,
          body: { purpose: 'request-fee', patientRequestId },
        })
      ).status,
    ).toBe(409);
    const intent = (await processorEvents(ls)).reverse().find((e) => e.type === 'payment_intent.processing')!;
    await processorCall(
      ls,
      'POST',
      `/_local/payment_intents/${(intent.data.object as { id: string }).id}/settle`,
      { outcome: 'succeeded' },
    );
    await deliverAll();
    expect(await fee()).toMatchObject({ status: 'PAID' });
    expect((await feeEvents()).map((p) => p.status)).toEqual(['FAILED', 'CLEARING', 'PAID']);
    // Another patient's fee is not found.
    const other = await login('patient3@example.com');
    expect(
      (
        await call(t.app, 'GET', `${BILLING_API.requestFee}?patientRequestId=${patientRequestId}`, {
          token: other,
        })
      ).status,
    ).toBe(404);
  });

  it("a group admin pays the patients' storage as seats: covered members, a coordinator who sees it, a seat freed when one leaves", async () => {
    const admin = await login('admin@example.com');
    const coordinator = await login('coordinator@example.com');
    const seats = (token: string) =>
      call(t.app, 'GET', `${BILLING_API.groupSeats}?groupId=${DEMO_GROUPS.cardiology}`, { token });
    const before = await eventually(
      () => seats(coordinator),
      (r) => r.status === 200 && r.body.members.length === 5,
    );
    expect(before.body).toMatchObject({ state: 'none', canManage: false, groupName: 'Cardiology Patients' });
    // Only the admin manages the seats; a group one is not staff of is not found.
    expect(
      (
        await call(t.app, 'POST', BILLING_API.sponsorGroup, {
          token: coordinator,
          body: { groupId: DEMO_GROUPS.cardiology },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'GET', `${BILLING_API.groupSeats}?groupId=${DEMO_GROUPS.oncology}`, {
          token: coordinator,
        })
      ).status,
    ).toBe(404);

    const start = await call(t.app, 'POST', BILLING_API.sponsorGroup, {
      token: admin,
      body: { groupId: DEMO_GROUPS.cardiology },
    });
    await payOnHostedPage(start.body.url, '4242424242424242');
    const done = await call(t.app, 'POST', BILLING_API.finishTransaction, {
      token: admin,
      body: { transactionId: start.body.transactionId },
    });
    expect(done.body).toMatchObject({
      outcome: 'succeeded',
      purpose: 'group-seats',
      groupId: DEMO_GROUPS.cardiology,
    });
    const paid = (await seats(coordinator)).body;
    expect(paid).toMatchObject({ state: 'active', seats: 5, amountPerSeatCents: 399 });
    expect(paid.members.every((m: { covered: boolean }) => m.covered)).toBe(true);
    // A member is covered; patient2's invitation is still pending, so their plan stays lapsed.
    const patient = await login('patient@example.com');
    expect((await call(t.app, 'GET', BILLING_API.subscription, { token: patient })).body).toMatchObject({
      coveredByGroup: { groupId: DEMO_GROUPS.cardiology, groupName: 'Cardiology Patients' },
    });
    const patient2 = await login('patient2@example.com');
    expect((await call(t.app, 'GET', BILLING_API.subscription, { token: patient2 })).body).toMatchObject({
      coveredByGroup: null,
      storageOpen: false,
    });

    // patient4 leaves the group: a seat is freed at the processor (prorated on the next invoice), and they are no longer covered.
    const patient4 = await login('patient4@example.com');
    const left = await call(t.app, 'POST', GROUPS_API.leaveGroup, {
      token: patient4,
      body: { membershipId: demoMembershipId('cardiology', 'patient4@example.com') },
    });
    expect(left.status).toBe(200);
    await eventually(
      async () => (await seats(admin)).body.members.length,
      (n) => n === 4,
    );
    await t.app.get(CountSeats).execute();
    const after = (await seats(admin)).body;
    expect(after).toMatchObject({ seats: 4, canManage: true });
    const subscriptionId = (
      await t.query(`SELECT id FROM billing.subscriptions WHERE owner_id = $1`, [DEMO_GROUPS.cardiology])
    )[0].id;
    const atProcessor = await processorCall(ls, 'GET', `/v1/subscriptions/${subscriptionId}`);
    expect(atProcessor.body.items.data[0].quantity).toBe(4);
    expect(
      (await call(t.app, 'GET', BILLING_API.subscription, { token: patient4 })).body.coveredByGroup,
    ).toBeNull();

    // The admin ends the seat plan at the period's end.
    const ended = await call(t.app, 'POST', BILLING_API.endGroupSponsorship, {
      token: admin,
      body: { groupId: DEMO_GROUPS.cardiology },
    });
    expect(ended.body).toMatchObject({ cancelAtPeriodEnd: true, state: 'active' });
  });
});
