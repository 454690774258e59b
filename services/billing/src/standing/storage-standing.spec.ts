import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { GroupMemberRepository } from '../group-seats/group-member.repository';
import type { SubscriptionRepository, SubscriptionRow } from '../subscriptions/subscription.repository';
import { StorageStanding } from './storage-standing';

const own = (status: string) =>
  ({ id: 'sub_1', owner_type: 'user', owner_id: 'u1', status }) as SubscriptionRow;
const seatPlan = (groupId: string) =>
  ({ id: `sub_${groupId}`, owner_type: 'group', owner_id: groupId, status: 'active' }) as SubscriptionRow;

describe('StorageStanding.storageOpen', () => {
  const setup = (plan: SubscriptionRow | null, groups: string[] = [], seatPlans: SubscriptionRow[] = []) => {
    const fake = fakeUseCaseKit();
    const current = jest.fn().mockResolvedValue(plan);
    const liveOfGroups = jest.fn().mockResolvedValue(seatPlans);
    const groupsOfPatient = jest.fn().mockResolvedValue(groups);
    const standing = new StorageStanding(
      fake.kit,
      stub<SubscriptionRepository>({ current, liveOfGroups }, 'subscriptions'),
      stub<GroupMemberRepository>({ groupsOfPatient }, 'members'),
    );
    return { fake, current, liveOfGroups, groupsOfPatient, standing };
  };

  it('is open for a patient who never had a plan', async () => {
    const { fake, current, standing } = setup(null);
    await expect(standing.storageOpen(fake.tx, 'u1')).resolves.toBe(true);
    expect(current).toHaveBeenCalledWith(fake.tx, { type: 'user', id: 'u1' });
  });

  it.each(['active', 'trialing', 'past_due', 'incomplete', 'incomplete_expired'])(
    'is open while their own plan is %s (a first payment that never settled is no plan to lapse)',
    async (status) => {
      const { fake, standing } = setup(own(status));
      await expect(standing.storageOpen(fake.tx, 'u1')).resolves.toBe(true);
    },
  );

  it.each(['canceled', 'unpaid'])(
    'is closed once their own plan is %s and no group covers them',
    async (status) => {
      const { fake, groupsOfPatient, liveOfGroups, standing } = setup(own(status), ['g1'], []);
      await expect(standing.storageOpen(fake.tx, 'u1')).resolves.toBe(false);
      expect(groupsOfPatient).toHaveBeenCalledWith(fake.tx, 'u1');
      expect(liveOfGroups).toHaveBeenCalledWith(fake.tx, ['g1']);
    },
  );

  it("is open when their plan is canceled but a group's live seat plan covers them", async () => {
    const { fake, standing } = setup(own('canceled'), ['g1', 'g2'], [seatPlan('g2')]);
    await expect(standing.storageOpen(fake.tx, 'u1')).resolves.toBe(true);
    await expect(standing.coveringGroup(fake.tx, 'u1')).resolves.toBe('g2');
  });
});
