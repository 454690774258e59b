import { stub } from '@portal/server-kit/testing';
import type { Queryable } from '@portal/server-kit';
import type { FamilyMemberRepository } from '../family-member.repository';
import { ApplyFamilyMemberEvent } from './apply-family-member-event';

describe('ApplyFamilyMemberEvent (records)', () => {
  it('keeps account holder names and family members, and forgets them with the account', async () => {
    const tx = {} as Queryable;
    const repo = { upsertHolder: jest.fn(), upsert: jest.fn(), remove: jest.fn(), removeUser: jest.fn() };
    const apply = new ApplyFamilyMemberEvent(stub<FamilyMemberRepository>(repo, 'members'));
    await apply.registered(tx, { userId: 'u1', email: 'a@b.c', firstName: 'Pat', lastName: 'Jordan', roles: ['PATIENT'], emailVerified: false });
    await apply.saved(tx, { userId: 'u1', familyMember: { id: 'f1', first_name: 'Sam', last_name: 'Jordan' } });
    await apply.removed(tx, { userId: 'u1', familyMemberId: 'f1' });
    await apply.accountRemoved(tx, { userId: 'u1', personId: 'p1' });
    expect(repo.upsertHolder).toHaveBeenCalledWith(tx, 'u1', 'Pat', 'Jordan');
    expect(repo.upsert).toHaveBeenCalledWith(tx, 'u1', { id: 'f1', first_name: 'Sam', last_name: 'Jordan' });
    expect(repo.remove).toHaveBeenCalledWith(tx, 'u1', 'f1');
    expect(repo.removeUser).toHaveBeenCalledWith(tx, 'u1');
  });
});
