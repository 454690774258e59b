import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import { noPlan } from '../billing.errors';
import { LIVE_STATUSES, SubscriptionRepository, type SubscriptionRow } from './subscription.repository';

/** The caller's live storage plan, or "no plan": every change to a plan starts here. */
@Injectable()
export class OwnPlan {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async of(db: Queryable, userId: string): Promise<SubscriptionRow> {
    const row = await this.subscriptions.current(db, { type: 'user', id: userId });
    if (!row || !LIVE_STATUSES.includes(row.status) || row.status === 'incomplete') throw noPlan();
    return row;
  }
}
