import { Inject, Injectable } from '@nestjs/common';
import type { ProrationPreview, StoragePlanId, SubscriptionOverview } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { randomUUID } from 'node:crypto';
import { samePlan } from '../../billing.errors';
import { PLAN_CATALOGUE } from '../../plans/storage-plans';
import {
  PAYMENT_PROCESSOR,
  type PaymentProcessor,
  type SubscriptionChange,
} from '../../processor/payment-processor';
import { OwnPlan } from '../own-plan';
import { SubscriptionOverviews } from '../subscription-overview';
import { SyncSubscription } from '../sync-subscription/sync-subscription';

const changeTo = (planId: StoragePlanId): SubscriptionChange => ({
  priceLookupKey: PLAN_CATALOGUE[planId].lookupKey,
  // The difference for the rest of the period is charged (or credited) at once, as the preview shows.
  proration: 'always_invoice',
});

/**
 * POST subscription/previewPlanChange and changePlan: what moving to another plan costs now (the
 * processor's own proration, nothing changed), then the move itself.
 */
@Injectable()
export class ChangePlan {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    private readonly own: OwnPlan,
    private readonly sync: SyncSubscription,
    private readonly overviews: SubscriptionOverviews,
  ) {}

  private async planToChange(userId: string, planId: StoragePlanId) {
    const row = await this.own.of(this.kit.db, userId);
    if (row.plan_id === planId) throw samePlan();
    return row;
  }

  async preview(userId: string, planId: StoragePlanId): Promise<ProrationPreview> {
    const row = await this.planToChange(userId, planId);
    const current = await this.processor.subscription(row.id);
    const p = await this.processor.previewChange(current, changeTo(planId));
    return {
      planId,
      amountDueNowCents: p.amountDue,
      creditCents: p.credit,
      currency: p.currency,
      lines: p.lines,
      nextBillingDate: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
    };
  }

  async change(userId: string, planId: StoragePlanId): Promise<SubscriptionOverview> {
    const row = await this.planToChange(userId, planId);
    await this.processor.changeSubscription(
      row.id,
      changeTo(planId),
      `plan:${row.id}:${planId}:${randomUUID()}`,
    );
    await this.sync.execute(row.id);
    return this.overviews.of(this.kit.db, userId);
  }
}
