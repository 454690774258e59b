import { planOf, planStateOf } from './subscription-overview';
import type { SubscriptionRow } from './subscription.repository';

const aRow = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  id: 'sub_1',
  owner_type: 'user',
  owner_id: 'u1',
  customer_id: 'cus_1',
  plan_id: 'plus',
  status: 'active',
  quantity: 1,
  unit_amount: 999,
  currency: 'usd',
  item_id: 'si_1',
  current_period_start: new Date('2026-01-01T00:00:00Z'),
  current_period_end: new Date('2026-02-01T00:00:00Z'),
  cancel_at_period_end: false,
  ended_at: null,
  payment_method: null,
  created_at: new Date('2026-01-01T00:00:00Z'),
  synced_at: new Date('2026-01-01T00:00:00Z'),
  ...over,
});

describe('planStateOf', () => {
  it('is none without a plan', () => {
    expect(planStateOf(null)).toBe('none');
    expect(planStateOf(null, true)).toBe('none');
  });

  it.each([
    ['active', 'active'],
    ['trialing', 'active'],
    ['past_due', 'past_due'],
    ['incomplete', 'processing'],
    ['incomplete_expired', 'none'],
    ['canceled', 'lapsed'],
    ['unpaid', 'lapsed'],
    ['paused', 'lapsed'],
  ])("reads the processor's %s as %s", (status, state) => {
    expect(planStateOf(aRow({ status }))).toBe(state);
  });

  it('a first payment that failed is no plan rather than one still settling', () => {
    expect(planStateOf(aRow({ status: 'incomplete' }), true)).toBe('none');
  });

  it('a failed first payment says nothing of a plan that went through since', () => {
    expect(planStateOf(aRow({ status: 'active' }), true)).toBe('active');
    expect(planStateOf(aRow({ status: 'past_due' }), true)).toBe('past_due');
  });
});

describe('planOf', () => {
  it("names a catalogue plan with the amount and currency of our copy (the processor's price)", () => {
    expect(planOf(aRow({ plan_id: 'basic', unit_amount: 450, currency: 'eur' }))).toEqual({
      id: 'basic',
      name: 'Basic',
      storage: '50 GB',
      interval: 'month',
      amountCents: 450,
      currency: 'eur',
    });
  });

  it('is null for a plan the catalogue does not have (a group seat plan, a retired plan)', () => {
    expect(planOf(aRow({ plan_id: 'group-seats' }))).toBeNull();
    expect(planOf(aRow({ plan_id: 'gold' }))).toBeNull();
  });
});
