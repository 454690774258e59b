import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  GROUPS_API,
  GROUP_MESSAGES,
  REQUESTS_API,
  type Worklist,
  type WorklistRequest,
} from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../testing';
import { A1, G1, group, member } from '../test-fixtures';
import { AdminLandingScreen } from '../admin/AdminScreens';
import { GroupsScreen } from './GroupsScreen';

const request = (i: number, daysLeft: number | null): WorklistRequest => ({
  patientRequestId: `r${i}`,
  memberId: `u${i}`,
  memberName: `Pat${i} Lee`,
  groupId: G1,
  facility: 'St. Mary Imaging Center',
  status: 'Pending custodian approval',
  requestedAt: '2026-01-01',
  dueDate: '2026-01-31',
  daysLeft,
});
const emptyWorklist: Worklist = { pendingInvitations: [], expiringMemberships: [], missingIdentity: [] };
const tabs = [
  group(),
  group({ id: 'g2', name: 'Night shift', patientCount: 1 }),
  group({
    id: A1,
    name: 'North admin',
    organization_type: { mnemonic: 'ADMIN_GROUP' },
    parentId: null,
    myRole: 'GROUP_ADMIN',
  }),
];

describe('the coordinator landing (/groups)', () => {
  beforeEach(() => signIn());

  it('splits the groups into patient and admin tabs, each card opening its group', async () => {
    fakeApi({
      [`GET ${GROUPS_API.loadGrid}`]: [200, tabs],
      [`GET ${GROUPS_API.worklist}`]: [200, emptyWorklist],
      [`GET ${REQUESTS_API.coordinatorWorklist}`]: [200, { rows: [], total: 0, page: 1, size: 10 }],
    });
    renderAt('/groups', <GroupsScreen />);
    await waitFor(() => expect(screen.getAllByTestId('group-card')).toHaveLength(2));
    expect(screen.getByTestId('group-tab-PATIENT_GROUP').textContent).toBe('Patient groups (2)');
    expect(screen.getByRole('link', { name: 'Open Care team' }).getAttribute('href')).toBe(`/groups/${G1}`);
    fireEvent.click(screen.getByTestId('group-tab-ADMIN_GROUP'));
    expect(screen.getAllByTestId('group-card')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open North admin' }).getAttribute('href')).toBe(
      `/groupAdmin/${A1}`,
    );
    expect(await screen.findByTestId('worklist-empty')).toBeTruthy();
  });

  it('lists open requests by due date with days left coloured, and pages them', async () => {
    const calls = fakeApi({
      [`GET ${GROUPS_API.loadGrid}`]: [200, [group()]],
      [`GET ${GROUPS_API.worklist}`]: [200, emptyWorklist],
      [`GET ${REQUESTS_API.coordinatorWorklist}`]: (c) => [
        200,
        {
          rows: c.query.get('page') === '2' ? [request(3, 20)] : [request(1, -2), request(2, 3)],
          total: 12,
          page: Number(c.query.get('page')),
          size: 10,
        },
      ],
    });
    renderAt('/groups', <GroupsScreen />);
    await waitFor(() => expect(screen.getAllByTestId('worklist-request')).toHaveLength(2));
    const tones = screen.getAllByTestId('worklist-days-left').map((c) => [c.textContent, c.dataset.tone]);
    expect(tones).toEqual([
      ['Overdue by 2 days', 'overdue'],
      ['3 days left', 'soon'],
    ]);
    expect(screen.getByRole('link', { name: 'Pat1 Lee' }).getAttribute('href')).toBe(
      `/groups/${G1}/user/u1/openRequests`,
    );
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(screen.getAllByTestId('worklist-request')).toHaveLength(1));
    expect(
      calls.filter((c) => c.path === REQUESTS_API.coordinatorWorklist).map((c) => c.query.get('page')),
    ).toEqual(['1', '2']);
  });

  it('resends a pending invitation and lists expiring memberships and members missing an ID', async () => {
    const inGroup = { groupId: G1, groupName: 'Care team' };
    const calls = fakeApi({
      [`GET ${GROUPS_API.loadGrid}`]: [200, [group()]],
      [`GET ${GROUPS_API.worklist}`]: [
        200,
        {
          pendingInvitations: [{ ...member(2, { status: 'PENDING', userId: null }), ...inGroup }],
          expiringMemberships: [{ ...member(3, { expiresAt: '2026-03-01' }), ...inGroup }],
          missingIdentity: [{ ...member(4, { identityVerified: false }), ...inGroup }],
        },
      ],
      [`GET ${REQUESTS_API.coordinatorWorklist}`]: [200, { rows: [], total: 0, page: 1, size: 10 }],
      [`POST ${GROUPS_API.sendMemberInvite}`]: [200, 'OK'],
    });
    renderAt('/groups', <GroupsScreen />);
    fireEvent.click(await screen.findByTestId('worklist-resend'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GROUPS_API.sendMemberInvite)?.body).toEqual({ membershipId: 'm2' }),
    );
    expect(await screen.findByText(GROUP_MESSAGES.inviteResent)).toBeTruthy();
    expect(within(screen.getByTestId('worklist-expiring')).getByText('03/01/2026')).toBeTruthy();
    expect(
      within(screen.getByTestId('worklist-missing-id'))
        .getByRole('link', { name: 'Verify identity' })
        .getAttribute('href'),
    ).toBe(`/groups/${G1}/user/u4/identity`);
    expect(screen.getByTestId('worklist-requests-empty').textContent).toBe(GROUP_MESSAGES.noOpenRequests);
  });

  it('says so when the groups cannot load, and when there are none', async () => {
    fakeApi({
      [`GET ${GROUPS_API.loadGrid}`]: [500, { statusCode: 500, code: 'X', message: 'Groups are resting' }],
      [`GET ${GROUPS_API.worklist}`]: [200, emptyWorklist],
      [`GET ${REQUESTS_API.coordinatorWorklist}`]: [200, { rows: [], total: 0, page: 1, size: 10 }],
    });
    const first = renderAt('/groups', <GroupsScreen />);
    expect(screen.getAllByLabelText('Loading').length).toBeGreaterThan(0);
    expect((await screen.findByTestId('groups-error')).textContent).toContain('Groups are resting');
    first.unmount();
    fakeApi({
      [`GET ${GROUPS_API.loadGrid}`]: [200, []],
      [`GET ${GROUPS_API.worklist}`]: [200, emptyWorklist],
      [`GET ${REQUESTS_API.coordinatorWorklist}`]: [200, { rows: [], total: 0, page: 1, size: 10 }],
    });
    renderAt('/groups', <GroupsScreen />);
    expect((await screen.findByTestId('groups-empty')).textContent).toBe(GROUP_MESSAGES.noGroups);
  });
});

describe('the admin landing (/groupAdmin)', () => {
  beforeEach(() => signIn());

  it('shows admin groups first; a patient group opens under its admin group', async () => {
    fakeApi({ [`GET ${GROUPS_API.loadGrid}`]: [200, tabs] });
    renderAt('/groupAdmin', <AdminLandingScreen />);
    await waitFor(() => expect(screen.getAllByTestId('group-card')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Open North admin' }).getAttribute('href')).toBe(
      `/groupAdmin/${A1}`,
    );
    fireEvent.click(screen.getByTestId('group-tab-PATIENT_GROUP'));
    expect(screen.getByRole('link', { name: 'Open Care team' }).getAttribute('href')).toBe(
      `/groupAdmin/${A1}/groups/${G1}`,
    );
  });
});
