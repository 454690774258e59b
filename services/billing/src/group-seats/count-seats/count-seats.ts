import { Inject, Injectable } from '@nestjs/common';
import { InjectContext, logger, type UseCaseKit } from '@portal/server-kit';
import { PAYMENT_PROCESSOR, type PaymentProcessor } from '../../processor/payment-processor';
import { SubscriptionRepository } from '../../subscriptions/subscription.repository';
import { SyncSubscription } from '../../subscriptions/sync-subscription/sync-subscription';
import { GroupMemberRepository } from '../group-member.repository';

/**
 * Keeps each sponsored group's seat count equal to its live patients: a member who joins adds a seat,
 * one who leaves (or whose membership expires) frees one, prorated by the processor on the next
 * invoice. Run after membership changes and on a timer (expiries happen without an event); the
 * processor is called outside any transaction, with a key per count, so a retry changes nothing twice.
 */
@Injectable()
export class CountSeats {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    private readonly subscriptions: SubscriptionRepository,
    private readonly members: GroupMemberRepository,
    private readonly sync: SyncSubscription,
  ) {}

  /** Answers how many groups' seats changed. */
  async execute(): Promise<number> {
    const plans = await this.subscriptions.liveSeatPlans(this.kit.db);
    let changed = 0;
    for (const plan of plans) {
      const seats = Math.max(1, (await this.members.patients(this.kit.db, plan.owner_id)).length);
      if (seats === plan.quantity) continue;
      // One group that cannot be counted now (the processor down) does not hold up the others.
      try {
        await this.processor.changeSubscription(
          plan.id,
          { quantity: seats, proration: 'create_prorations' },
          `seats:${plan.id}:${plan.quantity}->${seats}:${new Date(plan.synced_at).getTime()}`,
        );
        await this.sync.execute(plan.id);
        changed++;
      } catch (err) {
        logger.warn({ err, group: plan.owner_id }, 'group seats not counted; the next run retries');
      }
    }
    return changed;
  }
}
