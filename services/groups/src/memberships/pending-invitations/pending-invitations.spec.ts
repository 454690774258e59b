import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { MyMembership } from '@portal/contracts';
import type { MembershipRepository } from '../membership.repository';
import { PendingInvitations } from './pending-invitations';

const mine: MyMembership = {
  membershipId: 'm1',
  groupId: 'g1',
  groupName: 'Cardiology Patients',
  groupDescription: '',
  role: 'PATIENT',
  permissions: ['VIEW_RECORDS'],
  invitedBy: 'Casey Morgan',
  invitedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  status: 'PENDING',
  coordinators: ['Casey Morgan'],
};

describe('PendingInvitations', () => {
  it("answers the caller's pending invitations as the page shows them", async () => {
    const ofUser = jest.fn(async () => [mine]);
    const rows = await new PendingInvitations(
      fakeUseCaseKit().kit,
      stub<MembershipRepository>({ ofUser }, 'memberships'),
    ).execute('p1');
    expect(ofUser).toHaveBeenCalledWith(expect.anything(), 'p1', ['PENDING']);
    const { status: _s, coordinators: _c, ...invitation } = mine;
    expect(rows).toEqual([invitation]);
  });
});
