import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  GROUPS_API,
  GROUP_MESSAGES,
  PENDING_APPROVAL_API,
  type MyMembership,
  type PendingInvitation,
} from '@portal/contracts';
import { fakeApi, renderAt, signIn, type FakeRoutes } from '../testing';
import { G1, logEntry } from '../test-fixtures';
import { PendingApprovalScreen } from './PendingApprovalScreen';

const invitation: PendingInvitation = {
  membershipId: 'm1',
  groupId: G1,
  groupName: 'Care team',
  groupDescription: 'Patients of the north clinic',
  role: 'PATIENT',
  permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS'],
  invitedBy: 'Cora Ord',
  invitedAt: '2026-01-02T10:00:00.000Z',
  expiresAt: '2026-12-31',
};
const membership: MyMembership = {
  ...invitation,
  membershipId: 'm7',
  groupId: 'g7',
  groupName: 'Night shift',
  status: 'ACTIVE',
  coordinators: ['Cora Ord', 'Ben Ash'],
  expiresAt: null,
};
const routes = (over: FakeRoutes = {}): FakeRoutes => ({
  [`GET ${PENDING_APPROVAL_API.loadGrid}`]: [200, [invitation]],
  [`GET ${GROUPS_API.myMemberships}`]: [
    200,
    [membership, { ...membership, membershipId: 'm8', status: 'LEFT' }],
  ],
  [`GET ${GROUPS_API.onMyBehalf}`]: [
    200,
    {
      rows: [
        logEntry(1, { groupId: 'g7', groupName: 'Night shift' }),
        logEntry(2, { groupName: 'Old group', groupId: 'g0' }),
      ],
      total: 2,
      page: 1,
      size: 10,
    },
  ],
  [`POST ${PENDING_APPROVAL_API.acceptInvite}`]: [200, 'OK'],
  [`POST ${PENDING_APPROVAL_API.rejectInvite}`]: [200, 'OK'],
  [`POST ${GROUPS_API.leaveGroup}`]: [200, 'OK'],
  ...over,
});

describe('/pendingApproval', () => {
  beforeEach(() => signIn());

  it('shows an invitation with who invited, the permissions in plain words and the end date; Accept accepts', async () => {
    const calls = fakeApi(routes());
    renderAt('/pendingApproval', <PendingApprovalScreen />);
    const card = await screen.findByTestId('invitation');
    expect(card.textContent).toContain('Cora Ord invited you as patient on 01/02/2026');
    expect(card.textContent).toContain('Until 12/31/2026');
    expect(within(card).getByTestId('invitation-permissions').textContent).toContain(
      'Request records: Send records requests to facilities.',
    );
    fireEvent.click(within(card).getByTestId('invitation-accept'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === PENDING_APPROVAL_API.acceptInvite)?.body).toEqual({
        membershipId: 'm1',
      }),
    );
    expect(await screen.findByText(GROUP_MESSAGES.invitationAccepted)).toBeTruthy();
  });

  it('rejects only after asking', async () => {
    const calls = fakeApi(routes());
    renderAt('/pendingApproval', <PendingApprovalScreen />);
    fireEvent.click(await screen.findByTestId('invitation-reject'));
    expect(screen.getByTestId('pending-confirm-text').textContent).toBe(GROUP_MESSAGES.rejectText);
    fireEvent.click(screen.getByTestId('pending-confirm-cancel'));
    expect(calls.some((c) => c.path === PENDING_APPROVAL_API.rejectInvite)).toBe(false);
    fireEvent.click(screen.getByTestId('invitation-reject'));
    fireEvent.click(screen.getByTestId('pending-confirm-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === PENDING_APPROVAL_API.rejectInvite)?.body).toEqual({
        membershipId: 'm1',
      }),
    );
  });

  it('lists the groups that can act for the user with their coordinators; Leave group asks, then leaves', async () => {
    const calls = fakeApi(routes());
    renderAt('/pendingApproval', <PendingApprovalScreen />);
    await waitFor(() => expect(screen.getAllByTestId('membership')).toHaveLength(1));
    expect(screen.getByTestId('membership-coordinators').textContent).toContain(
      'Coordinators: Cora Ord, Ben Ash',
    );
    fireEvent.click(screen.getByTestId('membership-leave'));
    expect(screen.getByTestId('pending-confirm-text').textContent).toBe(GROUP_MESSAGES.leaveText);
    fireEvent.click(screen.getByTestId('pending-confirm-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GROUPS_API.leaveGroup)?.body).toEqual({ membershipId: 'm7' }),
    );
    expect(await screen.findByText(GROUP_MESSAGES.leftGroup)).toBeTruthy();
  });

  it('shows what was done on the user’s behalf, with Revoke for a group that still may act', async () => {
    const calls = fakeApi(routes());
    renderAt('/pendingApproval', <PendingApprovalScreen />);
    await waitFor(() => expect(screen.getAllByTestId('log-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('log-row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1, 4),
    ).toEqual(['Cora Ord', 'Night shift', 'Requested records']);
    expect(within(second!).queryByTestId('on-my-behalf-revoke')).toBeNull();
    expect(second!.textContent).toContain('Access ended');
    fireEvent.click(within(first!).getByTestId('on-my-behalf-revoke'));
    expect(screen.getByTestId('pending-confirm-text').textContent).toBe(GROUP_MESSAGES.revokeText);
    fireEvent.click(screen.getByTestId('pending-confirm-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GROUPS_API.leaveGroup)?.body).toEqual({ membershipId: 'm7' }),
    );
    expect(calls.find((c) => c.path === GROUPS_API.onMyBehalf)?.query.get('size')).toBe('10');
  });

  it('has empty and error states', async () => {
    fakeApi(
      routes({
        [`GET ${PENDING_APPROVAL_API.loadGrid}`]: [200, []],
        [`GET ${GROUPS_API.myMemberships}`]: [200, []],
        [`GET ${GROUPS_API.onMyBehalf}`]: [500, { statusCode: 500, code: 'X', message: 'Log unavailable' }],
      }),
    );
    renderAt('/pendingApproval', <PendingApprovalScreen />);
    expect((await screen.findByTestId('invitations-empty')).textContent).toBe(GROUP_MESSAGES.noInvitations);
    expect((await screen.findByTestId('memberships-empty')).textContent).toBe(GROUP_MESSAGES.noMemberships);
    expect((await screen.findByTestId('on-my-behalf-error')).textContent).toContain('Log unavailable');
  });
});
