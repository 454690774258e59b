import { Injectable } from '@nestjs/common';
import type { CheckoutStart, StoragePlanId } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { alreadySubscribed } from '../../billing.errors';
import { PLAN_CATALOGUE } from '../../plans/storage-plans';
import { CheckoutStarter } from '../../transactions/start-checkout';
import { TransactionRepository } from '../../transactions/transaction.repository';
import { LIVE_STATUSES, SubscriptionRepository } from '../subscription.repository';

/** POST subscription/subscribe: the processor's checkout for a storage plan; one live plan at a time. */
@Injectable()
export class Subscribe {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    private readonly subscriptions: SubscriptionRepository,
    private readonly checkout: CheckoutStarter,
    private readonly transactions: TransactionRepository,
  ) {}

  async execute(userId: string, planId: StoragePlanId): Promise<CheckoutStart> {
    const current = await this.subscriptions.current(this.kit.db, { type: 'user', id: userId });
    // A first payment still settling is a plan too: only one whose payment failed may be bought again.
    const settling =
      current?.status === 'incomplete' && !(await this.transactions.failedFor(this.kit.db, current.id));
    if (current && LIVE_STATUSES.includes(current.status) && (current.status !== 'incomplete' || settling))
      throw alreadySubscribed();
    return this.checkout.start({
      payer: userId,
      owner: { type: 'user', id: userId },
      mode: 'subscription',
      lines: [{ priceLookupKey: PLAN_CATALOGUE[planId].lookupKey, quantity: 1 }],
      transaction: { purpose: 'storage-plan', plan_id: planId },
    });
  }
}
