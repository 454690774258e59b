import { Inject, Injectable } from '@nestjs/common';
import { InjectContext, logger, type Tx, type UseCaseKit } from '@portal/server-kit';
import { AccountRepository } from '../../accounts/account.repository';
import { CustomerRepository } from '../../accounts/customer.repository';
import { GroupMemberRepository } from '../../group-seats/group-member.repository';
import { GROUP_SEAT_PLAN, planOfLookupKey } from '../../plans/storage-plans';
import {
  type Owner,
  PAYMENT_PROCESSOR,
  type PaymentProcessor,
  type ProcessorInvoice,
  type ProcessorSubscription,
} from '../../processor/payment-processor';
import { InvoiceRepository } from '../../receipts/invoice.repository';
import { StorageStanding } from '../../standing/storage-standing';
import { type BillingMail, BillingMails } from '../billing-mails';
import { LIVE_STATUSES, SubscriptionRepository } from '../subscription.repository';

/** What the processor says of one subscription now: read outside any transaction, applied inside one. */
export interface SubscriptionSnapshot {
  subscription: ProcessorSubscription;
  invoices: ProcessorInvoice[];
}

/**
 * Makes our copy of a subscription what the processor has now (Stripe's advice: re-read the object
 * rather than trust an event's copy, so events out of order or twice cannot roll anything back), with
 * its invoices; then the owners' storage standing, and a reminder per failed renewal attempt.
 */
@Injectable()
export class SyncSubscription {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    private readonly customers: CustomerRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly invoices: InvoiceRepository,
    private readonly accounts: AccountRepository,
    private readonly members: GroupMemberRepository,
    private readonly standing: StorageStanding,
    private readonly mails: BillingMails,
  ) {}

  async read(subscriptionId: string): Promise<SubscriptionSnapshot> {
    const subscription = await this.processor.subscription(subscriptionId);
    return { subscription, invoices: await this.processor.invoicesOf(subscriptionId) };
  }

  /** Reads and applies in a transaction of its own; the mails go after it commits. */
  async execute(subscriptionId: string): Promise<void> {
    const snapshot = await this.read(subscriptionId);
    const mails = await this.kit.transaction((tx) => this.apply(tx, snapshot));
    await this.send(mails);
  }

  async send(mails: BillingMail[]): Promise<void> {
    for (const m of mails) await this.mails.send(m);
  }

  /** Applies a snapshot in the caller's transaction; answers the mails to send once it commits. */
  async apply(tx: Tx, { subscription: s, invoices }: SubscriptionSnapshot): Promise<BillingMail[]> {
    const owner = (await this.customers.ownerOf(tx, s.customerId)) ?? ownerOfMetadata(s.metadata);
    if (!owner) {
      logger.warn({ subscription: s.id }, 'a subscription of a customer the portal does not know');
      return [];
    }
    const was = await this.subscriptions.statusOf(tx, s.id);
    const planId = owner.type === 'group' ? GROUP_SEAT_PLAN : (planOfLookupKey(s.priceLookupKey) ?? 'basic');
    await this.subscriptions.save(tx, owner, planId, s);
    for (const invoice of invoices) await this.invoices.save(tx, owner, invoice);
    if (owner.type === 'group') {
      for (const userId of await this.members.everyPatient(tx, owner.id))
        await this.standing.refresh(tx, userId);
      return [];
    }
    await this.standing.refresh(tx, owner.id);
    return this.dunning(tx, owner, s, was);
  }

  private async dunning(tx: Tx, owner: Owner, s: ProcessorSubscription, was: string | undefined) {
    const account = await this.accounts.find(tx, owner.id);
    if (!account?.email) return [];
    const to = { to: account.email, firstName: account.first_name };
    const mails: BillingMail[] = [];
    const open = s.status === 'past_due' ? await this.invoices.open(tx, s.id) : null;
    if (
      open &&
      open.attempt_count > 0 &&
      (await this.invoices.claimReminder(tx, open.id, open.attempt_count))
    )
      mails.push({
        ...to,
        kind: 'payment-failed',
        amountCents: open.amount_due,
        currency: open.currency,
        nextAttemptAt: open.next_payment_attempt,
      });
    if (was && LIVE_STATUSES.includes(was) && was !== 'incomplete' && !LIVE_STATUSES.includes(s.status))
      mails.push({ ...to, kind: 'plan-ended' });
    return mails;
  }
}

const UUID = /^[0-9a-f-]{36}$/i;

/** A customer made by this portal names its owner in the processor's metadata (a lost local row). */
const ownerOfMetadata = (m: Record<string, string>): Owner | null =>
  (m.ownerType === 'user' || m.ownerType === 'group') && UUID.test(m.ownerId ?? '')
    ? { type: m.ownerType, id: m.ownerId }
    : null;
