import { Injectable } from '@nestjs/common';
import { InjectContext, type Queryable, returning, type Tx, type UseCaseKit } from '@portal/server-kit';
import { GroupMemberRepository } from '../group-seats/group-member.repository';
import {
  LAPSED_STATUSES,
  SubscriptionRepository,
  type SubscriptionRow,
} from '../subscriptions/subscription.repository';

/**
 * Whether a patient's new uploads are taken (decision 0031): closed only when their own plan has
 * lapsed (ended, or every retry failed) and no group's seat plan covers them. Never asked for
 * viewing, downloading, sharing or exporting. Other contexts keep the answer from
 * `billing.storage-standing-changed`; it is announced only when it changes.
 */
@Injectable()
export class StorageStanding {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    private readonly subscriptions: SubscriptionRepository,
    private readonly members: GroupMemberRepository,
  ) {}

  /** The group whose seat plan covers the user, if any. */
  async coveringGroup(tx: Queryable, userId: string): Promise<string | null> {
    const groups = await this.members.groupsOfPatient(tx, userId);
    const [seatPlan] = await this.subscriptions.liveOfGroups(tx, groups);
    return seatPlan?.owner_id ?? null;
  }

  /** The patient's own plan, the group covering them, and whether their new uploads are taken: read once. */
  async standingOf(
    tx: Queryable,
    userId: string,
  ): Promise<{ own: SubscriptionRow | null; coveringGroup: string | null; open: boolean }> {
    const own = await this.subscriptions.current(tx, { type: 'user', id: userId });
    // Only a plan that was paid and then ended; a first payment that never settled is no plan at all.
    const lapsed = !!own && LAPSED_STATUSES.includes(own.status);
    const coveringGroup = await this.coveringGroup(tx, userId);
    return { own, coveringGroup, open: !lapsed || coveringGroup !== null };
  }

  async storageOpen(tx: Queryable, userId: string): Promise<boolean> {
    return (await this.standingOf(tx, userId)).open;
  }

  /** Works the standing out again and announces it when it changed. */
  async refresh(tx: Tx, userId: string): Promise<void> {
    const { own, open } = await this.standingOf(tx, userId);
    const pastDue = own?.status === 'past_due';
    const [changed] = await returning<{ version: string }>(
      tx,
      `INSERT INTO billing.storage_standing (user_id, storage_open, past_due) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET storage_open = EXCLUDED.storage_open, past_due = EXCLUDED.past_due,
         version = billing.storage_standing.version + 1
       WHERE (billing.storage_standing.storage_open, billing.storage_standing.past_due)
         IS DISTINCT FROM (EXCLUDED.storage_open, EXCLUDED.past_due)
       RETURNING version`,
      [userId, open, pastDue],
    );
    // A first row that says "open, nothing due" tells nobody anything new: every context starts there.
    if (!changed || (open && !pastDue && Number(changed.version) === 1)) return;
    await this.kit.events.record(tx, 'billing.storage-standing-changed', {
      userId,
      storageOpen: open,
      pastDue,
      version: Number(changed.version),
    });
  }
}
