import { Inject, Injectable } from '@nestjs/common';
import { InjectContext, logger, type UseCaseKit } from '@portal/server-kit';
import {
  PAYMENT_PROCESSOR,
  type PaymentProcessor,
  type ProcessorEvent,
} from '../../processor/payment-processor';
import type { BillingMail } from '../../subscriptions/billing-mails';
import {
  type SubscriptionSnapshot,
  SyncSubscription,
} from '../../subscriptions/sync-subscription/sync-subscription';
import { type CheckoutReading, PaymentOutcomes } from '../../transactions/payment-outcomes';
import { TransactionRepository } from '../../transactions/transaction.repository';
import { ProcessedEventRepository } from '../processed-event.repository';

const ASYNC_OUTCOME: Record<string, 'paid' | 'failed' | undefined> = {
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
};

/** What an event is about, read from the processor before the transaction that applies it. */
interface Reading {
  checkout?: { sessionId: string; reading: CheckoutReading };
  subscription?: SubscriptionSnapshot;
  failedIntent?: string;
}

/**
 * POST subscription/processorWebhook: the processor's signed events. Each is verified (signature and
 * age), then the object it names is read again from the processor, and what it says is applied with
 * the event's id claimed in the same transaction: a redelivered event changes nothing, and events out
 * of order cannot roll a row back, because nothing is taken from the event's own copy. A processor
 * that is down while we read answers 503, and the processor delivers again later.
 */
@Injectable()
export class ReceiveWebhook {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    private readonly processed: ProcessedEventRepository,
    private readonly transactions: TransactionRepository,
    private readonly outcomes: PaymentOutcomes,
    private readonly sync: SyncSubscription,
  ) {}

  async execute(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; applied: boolean }> {
    const event = this.processor.verifyEvent(rawBody, signature);
    const reading = await this.read(event);
    const result = await this.kit.transaction(async (tx) => {
      if (!(await this.processed.claim(tx, event))) return { applied: false, mails: [] as BillingMail[] };
      const mails: BillingMail[] = [];
      if (reading.checkout) {
        const t = await this.transactions.bySession(tx, reading.checkout.sessionId);
        if (t) mails.push(...(await this.outcomes.apply(tx, t, reading.checkout.reading)).mails);
      } else if (reading.subscription) mails.push(...(await this.sync.apply(tx, reading.subscription)));
      if (reading.failedIntent) {
        const t = await this.transactions.byPaymentIntent(tx, reading.failedIntent);
        if (t && t.outcome !== 'succeeded') {
          await this.transactions.settle(tx, t.id, 'failed', null);
          await this.outcomes.moveFee(tx, t, 'failed');
        }
      }
      return { applied: true, mails };
    });
    await this.sync.send(result.mails);
    if (!result.applied)
      logger.info({ event: event.id, type: event.type }, 'webhook seen before: nothing applied');
    return { received: true, applied: result.applied };
  }

  private async read(e: ProcessorEvent): Promise<Reading> {
    if (e.objectType === 'checkout.session') {
      const reading = await this.outcomes.read(e.objectId);
      // How a settling payment ended is told by these events alone (the session stays complete and unpaid).
      const settled = ASYNC_OUTCOME[e.type];
      if (settled && reading.state.state === 'processing')
        reading.state = { ...reading.state, state: settled };
      return { checkout: { sessionId: e.objectId, reading } };
    }
    if (e.type === 'payment_intent.payment_failed' && e.paymentIntentId)
      return { failedIntent: e.paymentIntentId };
    if (e.subscriptionId) return { subscription: await this.sync.read(e.subscriptionId) };
    return {};
  }
}
