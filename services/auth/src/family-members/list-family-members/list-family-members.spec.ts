import type { FamilyMember } from '@portal/contracts';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { FamilyMemberRepository } from '../family-member.repository';
import { ListFamilyMembers } from './list-family-members';

describe('ListFamilyMembers', () => {
  it('answers the user’s own members as the repository reads them, without a transaction', async () => {
    const fake = fakeUseCaseKit();
    const members: FamilyMember[] = [
      {
        id: 'm1',
        first_name: 'Sam',
        last_name: 'Jordan',
        relationship: { id: 4, name: 'Child', mnemonic: 'CHILD' },
        relation: null,
      },
      {
        id: 'm2',
        first_name: 'Alex',
        last_name: 'Jordan',
        relationship: { id: 6, name: 'Other relative', mnemonic: 'OTHER_RELATIVE' },
        relation: 'Cousin',
      },
    ];
    const list = jest.fn().mockResolvedValue(members);
    await expect(
      new ListFamilyMembers(fake.kit, stub<FamilyMemberRepository>({ list }, 'familyMembers')).execute('u1'),
    ).resolves.toEqual(members);
    expect(list).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });
});
