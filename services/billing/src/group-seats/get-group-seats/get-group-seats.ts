import { Injectable } from '@nestjs/common';
import type { GroupSeats } from '@portal/contracts';
import { InjectContext, type Queryable, type UseCaseKit } from '@portal/server-kit';
import { groupNotFound } from '../../billing.errors';
import { SubscriptionRepository } from '../../subscriptions/subscription.repository';
import { planStateOf } from '../../subscriptions/subscription-overview';
import { GroupMemberRepository } from '../group-member.repository';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * GET subscription/groupSeats?groupId=: a group's seat plan and who it covers, for the group's staff
 * (its admins manage it, its coordinators see it). Anyone else: not found, so groups cannot be probed.
 */
@Injectable()
export class GetGroupSeats {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    private readonly members: GroupMemberRepository,
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  /** The caller's role in the group, or not found. */
  async roleOf(db: Queryable, userId: string, groupId: string): Promise<'admin' | 'staff'> {
    const role = await this.members.roleIn(db, userId, groupId);
    if (!role) throw groupNotFound();
    return role;
  }

  async execute(userId: string, groupId: string): Promise<GroupSeats> {
    const db = this.kit.db;
    const role = await this.roleOf(db, userId, groupId);
    const row = await this.subscriptions.current(db, { type: 'group', id: groupId });
    const state = planStateOf(row);
    const covered = state === 'active' || state === 'past_due';
    const patients = await this.members.patients(db, groupId);
    const live = covered || state === 'processing';
    return {
      groupId,
      groupName: await this.members.groupName(db, groupId),
      state,
      seats: live ? (row?.quantity ?? 0) : 0,
      amountPerSeatCents: row?.unit_amount ?? 0,
      currency: row?.currency ?? 'usd',
      nextBillingDate: live && row && !row.cancel_at_period_end ? iso(row.current_period_end) : null,
      cancelAtPeriodEnd: live && !!row?.cancel_at_period_end,
      canManage: role === 'admin',
      members: patients.map((p) => ({ userId: p.user_id, email: p.email, covered })),
    };
  }
}
