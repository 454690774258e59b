import { Inject, Injectable } from '@nestjs/common';
import type { CheckoutStart, GroupSeats } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { randomUUID } from 'node:crypto';
import { groupAdminOnly, groupAlreadySponsored, noPatientsToCover, noPlan } from '../../billing.errors';
import { GROUP_SEAT_LOOKUP_KEY } from '../../plans/storage-plans';
import { PAYMENT_PROCESSOR, type PaymentProcessor } from '../../processor/payment-processor';
import { LIVE_STATUSES, SubscriptionRepository } from '../../subscriptions/subscription.repository';
import { SyncSubscription } from '../../subscriptions/sync-subscription/sync-subscription';
import { CheckoutStarter } from '../../transactions/start-checkout';
import { GroupMemberRepository } from '../group-member.repository';
import { GetGroupSeats } from '../get-group-seats/get-group-seats';

/**
 * POST subscription/sponsorGroup and endGroupSponsorship (a group admin): the group pays its
 * patients' storage as seats, one per live patient member (the processor's checkout, the group as the
 * customer), or its seat plan ends at the period's end; the members' own plans are never touched.
 */
@Injectable()
export class SponsorGroup {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    private readonly members: GroupMemberRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly seats: GetGroupSeats,
    private readonly checkout: CheckoutStarter,
    private readonly sync: SyncSubscription,
  ) {}

  private async asAdmin(userId: string, groupId: string) {
    if ((await this.seats.roleOf(this.kit.db, userId, groupId)) !== 'admin') throw groupAdminOnly();
    const row = await this.subscriptions.current(this.kit.db, { type: 'group', id: groupId });
    return row && LIVE_STATUSES.includes(row.status) ? row : null;
  }

  async start(userId: string, groupId: string): Promise<CheckoutStart> {
    if (await this.asAdmin(userId, groupId)) throw groupAlreadySponsored();
    const patients = await this.members.patients(this.kit.db, groupId);
    if (!patients.length) throw noPatientsToCover();
    return this.checkout.start({
      payer: userId,
      owner: { type: 'group', id: groupId },
      mode: 'subscription',
      lines: [{ priceLookupKey: GROUP_SEAT_LOOKUP_KEY, quantity: patients.length }],
      transaction: { purpose: 'group-seats', group_id: groupId },
    });
  }

  async end(userId: string, groupId: string): Promise<GroupSeats> {
    const row = await this.asAdmin(userId, groupId);
    if (!row) throw noPlan();
    if (!row.cancel_at_period_end) {
      await this.processor.changeSubscription(
        row.id,
        { cancelAtPeriodEnd: true },
        `ending:${row.id}:${randomUUID()}`,
      );
      await this.sync.execute(row.id);
    }
    return this.seats.execute(userId, groupId);
  }
}
