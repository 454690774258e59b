import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { FamilyMemberRepository } from '../family-member.repository';
import { ListFamilyMembers } from './list-family-members';

describe('ListFamilyMembers', () => {
  const useCase = (me: { first_name: string; last_name: string } | null, members: unknown[]) =>
    new ListFamilyMembers(
      fakeUseCaseKit().kit,
      stub<FamilyMemberRepository>(
        { requester: jest.fn().mockResolvedValue(me), listByUser: jest.fn().mockResolvedValue(members) },
        'members',
      ),
    );

  it('starts with Myself named as the user, then the members', async () => {
    const sam = { id: 'f1', first_name: 'Sam', last_name: 'Jordan' };
    await expect(useCase({ first_name: 'Pat', last_name: 'Jordan' }, [sam]).execute('u1')).resolves.toEqual([
      { id: 'myself', first_name: 'Pat', last_name: 'Jordan' },
      sam,
    ]);
  });

  it('calls the user Myself when their name is not known here', async () => {
    await expect(useCase(null, []).execute('u1')).resolves.toEqual([
      { id: 'myself', first_name: 'Myself', last_name: '' },
    ]);
  });
});
