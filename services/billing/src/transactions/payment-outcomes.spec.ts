import { BILLING_MESSAGES } from '@portal/contracts';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { CheckoutState, PaymentProcessor } from '../processor/payment-processor';
import type { RequestFeeRepository, RequestFeeRow } from '../request-fees/request-fee.repository';
import type { BillingMail } from '../subscriptions/billing-mails';
import type {
  SubscriptionSnapshot,
  SyncSubscription,
} from '../subscriptions/sync-subscription/sync-subscription';
import { type CheckoutReading, OUTCOME_OF, PaymentOutcomes } from './payment-outcomes';
import type { TransactionRepository, TransactionRow } from './transaction.repository';

const aTransaction = (over: Partial<TransactionRow> = {}): TransactionRow => ({
  id: 't1',
  user_id: 'u1',
  purpose: 'storage-plan',
  session_id: 'cs_1',
  payment_intent_id: null,
  subscription_id: null,
  outcome: 'open',
  plan_id: 'plus',
  patient_request_id: null,
  group_id: null,
  ...over,
});

const aFee = (over: Partial<RequestFeeRow> = {}): RequestFeeRow => ({
  patient_request_id: 'pr1',
  user_id: 'u1',
  custodian_name: 'General Hospital',
  amount_cents: 2500,
  currency: 'usd',
  status: 'PAID',
  message: null,
  transaction_id: 't1',
  version: '2',
  ...over,
});

const reading = (
  state: CheckoutState['state'],
  over: Partial<CheckoutState> = {},
  subscription: SubscriptionSnapshot | null = null,
): CheckoutReading => ({
  state: {
    sessionId: 'cs_1',
    state,
    subscriptionId: null,
    paymentIntentId: 'pi_1',
    declined: false,
    ...over,
  },
  subscription,
});

describe('OUTCOME_OF', () => {
  it('is succeeded only when paid; settling is processing; open, expired and failed are all failed', () => {
    expect(OUTCOME_OF).toEqual({
      paid: 'succeeded',
      processing: 'processing',
      failed: 'failed',
      open: 'failed',
      expired: 'failed',
    });
  });
});

describe('PaymentOutcomes', () => {
  const setup = (opts: { moved?: RequestFeeRow | null; mails?: BillingMail[] } = {}) => {
    const fake = fakeUseCaseKit();
    const settle = jest.fn().mockResolvedValue(true);
    const move = jest.fn().mockResolvedValue(opts.moved ?? null);
    const syncApply = jest.fn().mockResolvedValue(opts.mails ?? []);
    const checkout = jest.fn();
    const syncRead = jest.fn();
    const outcomes = new PaymentOutcomes(
      fake.kit,
      stub<PaymentProcessor>({ checkout }, 'processor'),
      stub<TransactionRepository>({ settle }, 'transactions'),
      stub<RequestFeeRepository>({ move }, 'fees'),
      stub<SyncSubscription>({ apply: syncApply, read: syncRead }, 'sync'),
    );
    const apply = (t: TransactionRow, r: CheckoutReading) =>
      fake.kit.transaction((tx) => outcomes.apply(tx, t, r));
    return { fake, settle, move, syncApply, checkout, syncRead, outcomes, apply };
  };

  it('records what an open payment came to, with its payment intent and subscription', async () => {
    const { fake, settle, apply } = setup();
    const result = await apply(aTransaction(), reading('paid', { subscriptionId: 'sub_1' }));
    expect(result).toEqual({ outcome: 'succeeded', mails: [] });
    expect(settle).toHaveBeenCalledWith(fake.tx, 't1', 'succeeded', 'pi_1', 'sub_1');
  });

  it("keeps a payment that succeeded against a later reading of its session as 'open'", async () => {
    const { fake, settle, apply } = setup();
    const result = await apply(aTransaction({ outcome: 'succeeded' }), reading('open'));
    expect(result.outcome).toBe('succeeded');
    expect(settle).toHaveBeenCalledWith(fake.tx, 't1', 'succeeded', 'pi_1', null);
  });

  it("keeps a payment that failed while settling against a later 'processing' reading", async () => {
    const { fake, settle, apply } = setup();
    const result = await apply(aTransaction({ outcome: 'failed' }), reading('processing'));
    expect(result.outcome).toBe('failed');
    expect(settle).toHaveBeenCalledWith(fake.tx, 't1', 'failed', 'pi_1', null);
  });

  it('lets a payment that failed succeed on a later try in the same session', async () => {
    const { apply } = setup();
    await expect(apply(aTransaction({ outcome: 'failed' }), reading('paid'))).resolves.toMatchObject({
      outcome: 'succeeded',
    });
  });

  it.each([
    ['paid', 'succeeded', 'PAID', null],
    ['processing', 'processing', 'CLEARING', null],
    ['open', 'failed', 'FAILED', 'Your payment was not successful, please try again'],
    ['expired', 'failed', 'FAILED', 'Your payment was not successful, please try again'],
  ] as const)(
    'a request fee paid by a session read %s moves to %s/%s and the requests context hears of it',
    async (state, outcome, status, message) => {
      const moved = aFee({ status, message, version: '3' });
      const { fake, move, apply } = setup({ moved });
      const t = aTransaction({ purpose: 'request-fee', plan_id: null, patient_request_id: 'pr1' });
      await expect(apply(t, reading(state))).resolves.toEqual({ outcome, mails: [] });
      expect(move).toHaveBeenCalledWith(fake.tx, 'pr1', 't1', status, message);
      expect(fake.events).toEqual([
        {
          type: 'billing.request-fee-changed',
          payload: { patientRequestId: 'pr1', userId: 'u1', status, message, version: 3 },
        },
      ]);
    },
  );

  it("the failed fee's message is the spec's words", async () => {
    const { move, apply } = setup();
    await apply(aTransaction({ purpose: 'request-fee', patient_request_id: 'pr1' }), reading('failed'));
    expect(move.mock.calls[0][4]).toBe(BILLING_MESSAGES.paymentFailed);
    expect(BILLING_MESSAGES.paymentFailed).toBe('Your payment was not successful, please try again');
  });

  it('announces nothing when the fee did not move (it stood there already, was paid, or this is an earlier try)', async () => {
    const { fake, move, apply } = setup({ moved: null });
    const t = aTransaction({ purpose: 'request-fee', patient_request_id: 'pr1' });
    await apply(t, reading('paid'));
    expect(move).toHaveBeenCalledTimes(1);
    expect(fake.events).toEqual([]);
  });

  it('moves no fee for a storage plan, and syncs the subscription it bought, answering its mails', async () => {
    const mails: BillingMail[] = [{ kind: 'plan-ended', to: 'pat@example.com', firstName: 'Pat' }];
    const { fake, move, syncApply, apply } = setup({ mails });
    const snapshot = { subscription: { id: 'sub_1' }, invoices: [] } as unknown as SubscriptionSnapshot;
    const result = await apply(aTransaction(), reading('paid', { subscriptionId: 'sub_1' }, snapshot));
    expect(move).not.toHaveBeenCalled();
    expect(syncApply).toHaveBeenCalledWith(fake.tx, snapshot);
    expect(result.mails).toEqual(mails);
    expect(fake.events).toEqual([]);
  });

  it('reads the session, and the subscription it made when there is one', async () => {
    const { checkout, syncRead, outcomes } = setup();
    const state = reading('paid', { subscriptionId: 'sub_1' }).state;
    const snapshot = { subscription: { id: 'sub_1' }, invoices: [] } as unknown as SubscriptionSnapshot;
    checkout.mockResolvedValue(state);
    syncRead.mockResolvedValue(snapshot);
    await expect(outcomes.read('cs_1')).resolves.toEqual({ state, subscription: snapshot });
    expect(checkout).toHaveBeenCalledWith('cs_1');
    expect(syncRead).toHaveBeenCalledWith('sub_1');

    const fee = setup();
    fee.checkout.mockResolvedValue(reading('open').state);
    await expect(fee.outcomes.read('cs_2')).resolves.toMatchObject({ subscription: null });
    expect(fee.syncRead).not.toHaveBeenCalled();
  });
});
