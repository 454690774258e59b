import { Inject, Injectable } from '@nestjs/common';
import { BILLING_MESSAGES, type PaymentOutcome, type RequestFeeStatus } from '@portal/contracts';
import { InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { type CheckoutState, PAYMENT_PROCESSOR, type PaymentProcessor } from '../processor/payment-processor';
import { RequestFeeRepository } from '../request-fees/request-fee.repository';
import type { BillingMail } from '../subscriptions/billing-mails';
import {
  type SubscriptionSnapshot,
  SyncSubscription,
} from '../subscriptions/sync-subscription/sync-subscription';
import { TransactionRepository, type TransactionRow } from './transaction.repository';

export const OUTCOME_OF: Record<CheckoutState['state'], PaymentOutcome> = {
  paid: 'succeeded',
  processing: 'processing',
  failed: 'failed',
  // Back from the processor's page without paying (a declined card, or the payer left): not successful.
  open: 'failed',
  expired: 'failed',
};

const FEE_OF: Record<PaymentOutcome, RequestFeeStatus> = {
  succeeded: 'PAID',
  processing: 'CLEARING',
  failed: 'FAILED',
};

export const OUTCOME_MESSAGE: Record<PaymentOutcome, string> = {
  succeeded: BILLING_MESSAGES.paymentSucceeded,
  processing: BILLING_MESSAGES.paymentProcessing,
  failed: BILLING_MESSAGES.paymentFailed,
};

/** What the processor said of one checkout, read before the transaction that applies it. */
export interface CheckoutReading {
  state: CheckoutState;
  subscription: SubscriptionSnapshot | null;
}

/**
 * Applies what a checkout came to, from the payer's return (finishTransaction) or from a webhook,
 * whichever comes first; the other then changes nothing. A request fee follows its payment and the
 * requests context hears of each move; a plan or seats bought is synced from the processor.
 */
@Injectable()
export class PaymentOutcomes {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    private readonly transactions: TransactionRepository,
    private readonly fees: RequestFeeRepository,
    private readonly sync: SyncSubscription,
  ) {}

  async read(sessionId: string): Promise<CheckoutReading> {
    const state = await this.processor.checkout(sessionId);
    const subscription = state.subscriptionId ? await this.sync.read(state.subscriptionId) : null;
    return { state, subscription };
  }

  async apply(
    tx: Tx,
    t: TransactionRow,
    reading: CheckoutReading,
  ): Promise<{ outcome: PaymentOutcome; mails: BillingMail[] }> {
    const outcome = OUTCOME_OF[reading.state.state];
    // A payment that went through stays so; one that failed while settling is not settling again
    // (the session of a failed bank debit still reads complete and unpaid).
    const kept: PaymentOutcome =
      t.outcome === 'succeeded'
        ? 'succeeded'
        : t.outcome === 'failed' && outcome === 'processing'
          ? 'failed'
          : outcome;
    await this.transactions.settle(
      tx,
      t.id,
      kept,
      reading.state.paymentIntentId,
      reading.state.subscriptionId,
    );
    if (t.purpose === 'request-fee' && t.patient_request_id) await this.moveFee(tx, t, kept);
    const mails = reading.subscription ? await this.sync.apply(tx, reading.subscription) : [];
    return { outcome: kept, mails };
  }

  send(mails: BillingMail[]): Promise<void> {
    return this.sync.send(mails);
  }

  /** A request fee follows its current payment; the requests context hears of each move. */
  async moveFee(tx: Tx, t: TransactionRow, outcome: PaymentOutcome): Promise<void> {
    if (!t.patient_request_id) return;
    const status = FEE_OF[outcome];
    const message = status === 'FAILED' ? BILLING_MESSAGES.paymentFailed : null;
    const moved = await this.fees.move(tx, t.patient_request_id, t.id, status, message);
    if (!moved) return;
    await this.kit.events.record(tx, 'billing.request-fee-changed', {
      patientRequestId: t.patient_request_id,
      userId: moved.user_id,
      status: moved.status,
      message: moved.message,
      version: Number(moved.version),
    });
  }
}
