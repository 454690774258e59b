import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { PaymentProcessor } from '../../processor/payment-processor';
import type { SubscriptionRepository, SubscriptionRow } from '../../subscriptions/subscription.repository';
import type { SyncSubscription } from '../../subscriptions/sync-subscription/sync-subscription';
import type { GroupMemberRepository, SeatMemberRow } from '../group-member.repository';
import { CountSeats } from './count-seats';

const SYNCED = new Date('2026-01-05T10:00:00Z');

const seatPlan = (id: string, groupId: string, quantity: number) =>
  ({
    id,
    owner_type: 'group',
    owner_id: groupId,
    plan_id: 'group-seats',
    status: 'active',
    quantity,
    synced_at: SYNCED,
  }) as SubscriptionRow;

const patients = (n: number): SeatMemberRow[] =>
  Array.from({ length: n }, (_, i) => ({ user_id: `p${i + 1}`, email: `p${i + 1}@example.com` }));

describe('CountSeats', () => {
  const setup = (plans: SubscriptionRow[], members: Record<string, number>) => {
    const fake = fakeUseCaseKit();
    const changeSubscription = jest.fn().mockResolvedValue({});
    const execute = jest.fn().mockResolvedValue(undefined);
    const liveSeatPlans = jest.fn().mockResolvedValue(plans);
    const patientsOf = jest.fn(async (_db, groupId: string) => patients(members[groupId] ?? 0));
    const useCase = new CountSeats(
      fake.kit,
      stub<PaymentProcessor>({ changeSubscription }, 'processor'),
      stub<SubscriptionRepository>({ liveSeatPlans }, 'subscriptions'),
      stub<GroupMemberRepository>({ patients: patientsOf }, 'members'),
      stub<SyncSubscription>({ execute }, 'sync'),
    );
    return { fake, changeSubscription, execute, liveSeatPlans, patientsOf, useCase };
  };

  it('changes a seat plan whose quantity differs from its live patients, prorated on the next invoice, and syncs it', async () => {
    const { fake, changeSubscription, execute, patientsOf, useCase } = setup([seatPlan('sub_g1', 'g1', 2)], {
      g1: 3,
    });
    await expect(useCase.execute()).resolves.toBe(1);
    expect(patientsOf).toHaveBeenCalledWith(fake.kit.db, 'g1');
    expect(changeSubscription).toHaveBeenCalledWith(
      'sub_g1',
      { quantity: 3, proration: 'create_prorations' },
      `seats:sub_g1:2->3:${SYNCED.getTime()}`,
    );
    expect(execute).toHaveBeenCalledWith('sub_g1');
    expect(changeSubscription.mock.invocationCallOrder[0]).toBeLessThan(execute.mock.invocationCallOrder[0]);
  });

  it('frees the seat of a patient who left', async () => {
    const { changeSubscription, useCase } = setup([seatPlan('sub_g1', 'g1', 4)], { g1: 3 });
    await expect(useCase.execute()).resolves.toBe(1);
    expect(changeSubscription.mock.calls[0][1]).toEqual({ quantity: 3, proration: 'create_prorations' });
  });

  it('leaves a seat plan alone whose quantity equals its live patients', async () => {
    const { changeSubscription, execute, useCase } = setup([seatPlan('sub_g1', 'g1', 3)], { g1: 3 });
    await expect(useCase.execute()).resolves.toBe(0);
    expect(changeSubscription).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
  });

  it('keeps one seat for a group with no live patients', async () => {
    const kept = setup([seatPlan('sub_g1', 'g1', 1)], { g1: 0 });
    await expect(kept.useCase.execute()).resolves.toBe(0);
    expect(kept.changeSubscription).not.toHaveBeenCalled();

    const emptied = setup([seatPlan('sub_g1', 'g1', 2)], { g1: 0 });
    await expect(emptied.useCase.execute()).resolves.toBe(1);
    expect(emptied.changeSubscription.mock.calls[0][1]).toEqual({
      quantity: 1,
      proration: 'create_prorations',
    });
  });

  it('counts each group on its own and answers how many changed', async () => {
    const { changeSubscription, execute, useCase } = setup(
      [seatPlan('sub_g1', 'g1', 2), seatPlan('sub_g2', 'g2', 5), seatPlan('sub_g3', 'g3', 1)],
      { g1: 2, g2: 6, g3: 2 },
    );
    await expect(useCase.execute()).resolves.toBe(2);
    expect(changeSubscription.mock.calls.map((c) => [c[0], c[1].quantity])).toEqual([
      ['sub_g2', 6],
      ['sub_g3', 2],
    ]);
    expect(execute.mock.calls).toEqual([['sub_g2'], ['sub_g3']]);
  });
});
