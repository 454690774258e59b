import { BILLING_MESSAGES } from '@portal/contracts';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { webhookRefused } from '../../billing.errors';
import type { CheckoutState, PaymentProcessor, ProcessorEvent } from '../../processor/payment-processor';
import type { RequestFeeRepository, RequestFeeRow } from '../../request-fees/request-fee.repository';
import type { BillingMail } from '../../subscriptions/billing-mails';
import type {
  SubscriptionSnapshot,
  SyncSubscription,
} from '../../subscriptions/sync-subscription/sync-subscription';
import { PaymentOutcomes } from '../../transactions/payment-outcomes';
import type { TransactionRepository, TransactionRow } from '../../transactions/transaction.repository';
import type { ProcessedEventRepository } from '../processed-event.repository';
import { ReceiveWebhook } from './receive-webhook';

const BODY = Buffer.from('{"id":"evt_1"}');

const anEvent = (over: Partial<ProcessorEvent> = {}): ProcessorEvent => ({
  id: 'evt_1',
  type: 'checkout.session.completed',
  created: new Date('2026-01-01T00:00:00Z'),
  objectType: 'checkout.session',
  objectId: 'cs_1',
  subscriptionId: null,
  customerId: 'cus_1',
  paymentIntentId: null,
  ...over,
});

const feePayment = (over: Partial<TransactionRow> = {}): TransactionRow => ({
  id: 't1',
  user_id: 'u1',
  purpose: 'request-fee',
  session_id: 'cs_1',
  payment_intent_id: 'pi_1',
  subscription_id: null,
  outcome: 'processing',
  plan_id: null,
  patient_request_id: 'pr1',
  group_id: null,
  ...over,
});

const session = (state: CheckoutState['state']): CheckoutState => ({
  sessionId: 'cs_1',
  state,
  subscriptionId: null,
  paymentIntentId: 'pi_1',
  declined: false,
});

describe('ReceiveWebhook', () => {
  const setup = (
    opts: {
      event?: ProcessorEvent | Error;
      claimed?: boolean;
      session?: CheckoutState;
      transaction?: TransactionRow | null;
      mails?: BillingMail[];
    } = {},
  ) => {
    const fake = fakeUseCaseKit();
    const verifyEvent = jest.fn(() => {
      if (opts.event instanceof Error) throw opts.event;
      return opts.event ?? anEvent();
    });
    const checkout = jest.fn().mockResolvedValue(opts.session ?? session('paid'));
    const claim = jest.fn().mockResolvedValue(opts.claimed ?? true);
    const t = opts.transaction === undefined ? feePayment() : opts.transaction;
    const bySession = jest.fn().mockResolvedValue(t);
    const byPaymentIntent = jest.fn().mockResolvedValue(t);
    const settle = jest.fn().mockResolvedValue(true);
    const move = jest.fn(
      async (
        _tx,
        patientRequestId: string,
        transactionId: string,
        status,
        message,
      ): Promise<RequestFeeRow> => ({
        patient_request_id: patientRequestId,
        user_id: 'u1',
        custodian_name: 'General Hospital',
        amount_cents: 2500,
        currency: 'usd',
        status,
        message,
        transaction_id: transactionId,
        version: '4',
      }),
    );
    const snapshot = { subscription: { id: 'sub_1' }, invoices: [] } as unknown as SubscriptionSnapshot;
    const read = jest.fn().mockResolvedValue(snapshot);
    const apply = jest.fn().mockResolvedValue(opts.mails ?? []);
    const send = jest.fn(async (_mails: BillingMail[]) => {
      sentAfter = fake.transactions;
    });
    let sentAfter = -1;
    const processor = stub<PaymentProcessor>({ verifyEvent, checkout }, 'processor');
    const transactions = stub<TransactionRepository>({ bySession, byPaymentIntent, settle }, 'transactions');
    const sync = stub<SyncSubscription>({ read, apply, send }, 'sync');
    const outcomes = new PaymentOutcomes(
      fake.kit,
      processor,
      transactions,
      stub<RequestFeeRepository>({ move }, 'fees'),
      sync,
    );
    const useCase = new ReceiveWebhook(
      fake.kit,
      processor,
      stub<ProcessedEventRepository>({ claim }, 'processed'),
      transactions,
      outcomes,
      sync,
    );
    return {
      fake,
      verifyEvent,
      checkout,
      claim,
      bySession,
      byPaymentIntent,
      settle,
      move,
      snapshot,
      read,
      apply,
      send,
      sentAfter: () => sentAfter,
      useCase,
    };
  };

  it('refuses an event whose signature does not verify, reading nothing from the processor and writing nothing', async () => {
    const { fake, verifyEvent, checkout, read, claim, useCase } = setup({ event: webhookRefused() });
    await expect(useCase.execute(BODY, 't=1,v1=forged')).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      status: 400,
    });
    expect(verifyEvent).toHaveBeenCalledWith(BODY, 't=1,v1=forged');
    expect(checkout).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    expect(claim).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
  });

  it('applies nothing of an event claimed already, and says so', async () => {
    const { fake, claim, bySession, settle, move, apply, useCase } = setup({ claimed: false });
    await expect(useCase.execute(BODY, 'sig')).resolves.toEqual({ received: true, applied: false });
    expect(claim).toHaveBeenCalledWith(fake.tx, anEvent());
    expect(bySession).not.toHaveBeenCalled();
    expect(settle).not.toHaveBeenCalled();
    expect(move).not.toHaveBeenCalled();
    expect(apply).not.toHaveBeenCalled();
    expect(fake.events).toEqual([]);
  });

  it("checkout.session.async_payment_failed turns a session still read 'processing' into a failed payment and fee", async () => {
    const { fake, checkout, settle, move, useCase } = setup({
      event: anEvent({ type: 'checkout.session.async_payment_failed' }),
      session: session('processing'),
    });
    await expect(useCase.execute(BODY, 'sig')).resolves.toEqual({ received: true, applied: true });
    expect(checkout).toHaveBeenCalledWith('cs_1');
    expect(settle).toHaveBeenCalledWith(fake.tx, 't1', 'failed', 'pi_1', null);
    expect(move).toHaveBeenCalledWith(fake.tx, 'pr1', 't1', 'FAILED', BILLING_MESSAGES.paymentFailed);
    expect(fake.events).toEqual([
      {
        type: 'billing.request-fee-changed',
        payload: {
          patientRequestId: 'pr1',
          userId: 'u1',
          status: 'FAILED',
          message: BILLING_MESSAGES.paymentFailed,
          version: 4,
        },
      },
    ]);
  });

  it('checkout.session.async_payment_succeeded turns it into a paid one', async () => {
    const { fake, settle, move, useCase } = setup({
      event: anEvent({ type: 'checkout.session.async_payment_succeeded' }),
      session: session('processing'),
    });
    await useCase.execute(BODY, 'sig');
    expect(settle).toHaveBeenCalledWith(fake.tx, 't1', 'succeeded', 'pi_1', null);
    expect(move).toHaveBeenCalledWith(fake.tx, 'pr1', 't1', 'PAID', null);
  });

  it('any other checkout event leaves a settling payment settling', async () => {
    const { fake, settle, move, useCase } = setup({
      event: anEvent({ type: 'checkout.session.completed' }),
      session: session('processing'),
      transaction: feePayment({ outcome: 'open' }),
    });
    await useCase.execute(BODY, 'sig');
    expect(settle).toHaveBeenCalledWith(fake.tx, 't1', 'processing', 'pi_1', null);
    expect(move).toHaveBeenCalledWith(fake.tx, 'pr1', 't1', 'CLEARING', null);
  });

  it('an event about a session the portal did not start is claimed and changes nothing else', async () => {
    const { claim, settle, useCase } = setup({ transaction: null });
    await expect(useCase.execute(BODY, 'sig')).resolves.toEqual({ received: true, applied: true });
    expect(claim).toHaveBeenCalled();
    expect(settle).not.toHaveBeenCalled();
  });

  it('payment_intent.payment_failed fails the payment and its fee, but never one that succeeded', async () => {
    const failed = anEvent({
      type: 'payment_intent.payment_failed',
      objectType: 'payment_intent',
      objectId: 'pi_1',
      paymentIntentId: 'pi_1',
    });
    const open = setup({ event: failed });
    await open.useCase.execute(BODY, 'sig');
    expect(open.checkout).not.toHaveBeenCalled();
    expect(open.byPaymentIntent).toHaveBeenCalledWith(open.fake.tx, 'pi_1');
    expect(open.settle).toHaveBeenCalledWith(open.fake.tx, 't1', 'failed', null);
    expect(open.move).toHaveBeenCalledWith(
      open.fake.tx,
      'pr1',
      't1',
      'FAILED',
      BILLING_MESSAGES.paymentFailed,
    );

    const paid = setup({ event: failed, transaction: feePayment({ outcome: 'succeeded' }) });
    await paid.useCase.execute(BODY, 'sig');
    expect(paid.settle).not.toHaveBeenCalled();
    expect(paid.move).not.toHaveBeenCalled();
    expect(paid.fake.events).toEqual([]);
  });

  it('re-reads the subscription an invoice or subscription event names, applies it, and sends its mails after the commit', async () => {
    const mails: BillingMail[] = [
      { kind: 'payment-failed', to: 'pat@example.com', firstName: 'Pat', amountCents: 999, currency: 'usd' },
    ];
    const { fake, read, apply, send, snapshot, sentAfter, checkout, useCase } = setup({
      event: anEvent({
        type: 'invoice.payment_failed',
        objectType: 'invoice',
        objectId: 'in_1',
        subscriptionId: 'sub_1',
      }),
      mails,
    });
    await expect(useCase.execute(BODY, 'sig')).resolves.toEqual({ received: true, applied: true });
    expect(checkout).not.toHaveBeenCalled();
    expect(read).toHaveBeenCalledWith('sub_1');
    expect(apply).toHaveBeenCalledWith(fake.tx, snapshot);
    expect(send).toHaveBeenCalledWith(mails);
    expect(sentAfter()).toBe(1);
  });
});
