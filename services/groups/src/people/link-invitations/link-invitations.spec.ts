import { stub } from '@portal/server-kit/testing';
import type { Tx } from '@portal/server-kit';
import { aMembership } from '../../groups.fixtures';
import type { MembershipChanges } from '../../memberships/membership-changes';
import type { MembershipRepository } from '../../memberships/membership.repository';
import { LinkInvitations } from './link-invitations';

describe('LinkInvitations', () => {
  it('links every invitation waiting at the proved address to the account, each announced', async () => {
    const lockUnlinked = jest.fn(async () => [
      aMembership({ user_id: null }),
      aMembership({ id: 'm2', user_id: null }),
    ]);
    const change = jest.fn(async (_tx, id: string, c: object) => aMembership({ id, ...c }));
    const record = jest.fn();
    const tx = {} as Tx;
    await expect(
      new LinkInvitations(
        stub<MembershipRepository>({ lockUnlinked, change }, 'memberships'),
        stub<MembershipChanges>({ record }, 'changes'),
      ).execute(tx, 'p1', 'pat@example.com'),
    ).resolves.toBe(2);
    expect(lockUnlinked).toHaveBeenCalledWith(tx, 'pat@example.com', 'p1');
    expect(change.mock.calls.map((c) => [c[1], c[2]])).toEqual([
      ['m1', { user_id: 'p1' }],
      ['m2', { user_id: 'p1' }],
    ]);
    expect(record.mock.calls.map((c) => [c[1].user_id, c[3]])).toEqual([
      ['p1', 'groups.account-linked'],
      ['p1', 'groups.account-linked'],
    ]);
  });
});
