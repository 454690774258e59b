import type { StoragePlan, StoragePlanId } from '@portal/contracts';

/**
 * The plans, in our words; the amount comes from the processor's price (found by lookup key), so a
 * price changed in Stripe's dashboard shows here without a release.
 */
export const PLAN_CATALOGUE: Record<
  StoragePlanId,
  Omit<StoragePlan, 'amountCents' | 'currency'> & { lookupKey: string }
> = {
  basic: {
    id: 'basic',
    name: 'Basic',
    storage: '50 GB',
    interval: 'month',
    lookupKey: 'storage_basic_monthly',
  },
  plus: { id: 'plus', name: 'Plus', storage: '500 GB', interval: 'month', lookupKey: 'storage_plus_monthly' },
};

/** A group's seats: one per patient member it covers. */
export const GROUP_SEAT_LOOKUP_KEY = 'group_seat_monthly';
export const GROUP_SEAT_PLAN = 'group-seats';

export const planOfLookupKey = (key: string | null): StoragePlanId | null =>
  (Object.values(PLAN_CATALOGUE).find((p) => p.lookupKey === key)?.id as StoragePlanId | undefined) ?? null;
