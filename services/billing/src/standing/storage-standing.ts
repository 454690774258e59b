import { Injectable } from '@nestjs/common';
import { InjectContext, type Queryable, returning, type Tx, type UseCaseKit } from '@portal/server-kit';
import { GroupMemberRepository } from '../group-seats/group-member.repository';
import { LAPSED_STATUSES, SubscriptionRepository } from '../subscriptions/subscription.repository';

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

  async storageOpen(tx: Queryable, userId: string): Promise<boolean> {
    const own = await this.subscriptions.current(tx, { type: 'user', id: userId });
    // Only a plan that was paid and then ended; a first payment that never settled is no plan at all.
    const lapsed = !!own && LAPSED_STATUSES.includes(own.status);
    return !lapsed || (await this.coveringGroup(tx, userId)) !== null;
  }

  /** Works the standing out again and announces it when it changed. */
  async refresh(tx: Tx, userId: string): Promise<void> {
    const open = await this.storageOpen(tx, userId);
    const [changed] = await returning<{ version: string }>(
      tx,
      `INSERT INTO billing.storage_standing (user_id, storage_open) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET storage_open = EXCLUDED.storage_open, version = billing.storage_standing.version + 1
       WHERE billing.storage_standing.storage_open <> EXCLUDED.storage_open
       RETURNING version, (xmax = 0) AS inserted`,
      [userId, open],
    );
    // A first row that says "open" tells nobody anything new: every context starts open.
    if (!changed || (open && Number(changed.version) === 1)) return;
    await this.kit.events.record(tx, 'billing.storage-standing-changed', {
      userId,
      storageOpen: open,
      version: Number(changed.version),
    });
  }
}
