import { Injectable } from '@nestjs/common';
import type { PlanState, StoragePlan, StoragePlanId, SubscriptionOverview } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import { GroupMemberRepository } from '../group-seats/group-member.repository';
import { PLAN_CATALOGUE } from '../plans/storage-plans';
import { InvoiceRepository } from '../receipts/invoice.repository';
import { TransactionRepository } from '../transactions/transaction.repository';
import { StorageStanding } from '../standing/storage-standing';
import type { SubscriptionRow } from './subscription.repository';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * The processor's status in the page's words. A first payment still settling is 'processing'; one that
 * failed (`firstPaymentFailed`: the checkout that bought it ended failed) is no plan.
 */
export const planStateOf = (row: SubscriptionRow | null, firstPaymentFailed = false): PlanState => {
  if (!row) return 'none';
  switch (row.status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return firstPaymentFailed ? 'none' : 'processing';
    case 'incomplete_expired':
      return 'none';
    default:
      return 'lapsed';
  }
};

export const planOf = (
  row: Pick<SubscriptionRow, 'plan_id' | 'unit_amount' | 'currency'>,
): StoragePlan | null => {
  const p = PLAN_CATALOGUE[row.plan_id as StoragePlanId];
  if (!p) return null;
  return {
    id: p.id,
    name: p.name,
    storage: p.storage,
    interval: p.interval,
    amountCents: row.unit_amount,
    currency: row.currency,
  };
};

/**
 * The Subscription page's data, from our copy only: it answers while the processor is down, so a
 * patient always sees where they stand.
 */
@Injectable()
export class SubscriptionOverviews {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly members: GroupMemberRepository,
    private readonly standing: StorageStanding,
    private readonly transactions: TransactionRepository,
  ) {}

  async of(db: Queryable, userId: string): Promise<SubscriptionOverview> {
    // The own plan, the covering group and the storage standing, read once.
    const {
      own: row,
      coveringGroup: groupId,
      open: storageOpen,
    } = await this.standing.standingOf(db, userId);
    const open = row ? await this.invoices.open(db, row.id) : null;
    const state = planStateOf(
      row,
      row?.status === 'incomplete' && (await this.transactions.failedFor(db, row.id)),
    );
    const live = state === 'active' || state === 'past_due' || state === 'processing';
    return {
      active: state === 'active' || state === 'past_due',
      state,
      plan: row && state !== 'none' ? planOf(row) : null,
      lastBillingDate: row ? iso(await this.invoices.lastPaid(db, row.id)) : null,
      nextBillingDate: live && row && !row.cancel_at_period_end ? iso(row.current_period_end) : null,
      cancelAtPeriodEnd: !!row?.cancel_at_period_end && live,
      endsAt: !row
        ? null
        : state === 'lapsed'
          ? iso(row.ended_at)
          : row.cancel_at_period_end
            ? iso(row.current_period_end)
            : null,
      paymentMethod: row?.payment_method ?? null,
      pastDue:
        state === 'past_due' && open
          ? {
              amountDueCents: open.amount_due,
              currency: open.currency,
              nextAttemptAt: iso(open.next_payment_attempt),
            }
          : null,
      coveredByGroup: groupId ? { groupId, groupName: await this.members.groupName(db, groupId) } : null,
      storageOpen,
    };
  }
}
