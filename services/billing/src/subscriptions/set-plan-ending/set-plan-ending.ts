import { Inject, Injectable } from '@nestjs/common';
import type { SubscriptionOverview } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { PAYMENT_PROCESSOR, type PaymentProcessor } from '../../processor/payment-processor';
import { OwnPlan } from '../own-plan';
import { SubscriptionOverviews } from '../subscription-overview';
import { SyncSubscription } from '../sync-subscription/sync-subscription';

/**
 * POST subscription/cancel and subscription/resume: the plan ends at the end of the period already
 * paid for (nothing is refunded, nothing stored is touched), or keeps renewing after all. Asking for
 * what is so already changes nothing.
 */
@Injectable()
export class SetPlanEnding {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    private readonly own: OwnPlan,
    private readonly sync: SyncSubscription,
    private readonly overviews: SubscriptionOverviews,
  ) {}

  async execute(userId: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionOverview> {
    const row = await this.own.of(this.kit.db, userId);
    if (row.cancel_at_period_end !== cancelAtPeriodEnd) {
      await this.processor.changeSubscription(
        row.id,
        { cancelAtPeriodEnd },
        `ending:${row.id}:${cancelAtPeriodEnd}:${Date.now()}`,
      );
      await this.sync.execute(row.id);
    }
    return this.overviews.of(this.kit.db, userId);
  }
}
