import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GROUPS_API, GROUP_MESSAGES } from '@portal/contracts';
import { clearActing, getActing } from '@portal/session';
import { fakeApi, renderAt, signIn } from '../testing';
import { A1, G1, details } from '../test-fixtures';
import { GroupInfoScreen } from './GroupInfoScreen';
import { GroupPage } from './GroupPage';

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('the group page', () => {
  beforeEach(() => {
    signIn();
    clearActing();
  });

  it('lists the patients with status, expiry and ID, and the buttons of the group', async () => {
    const calls = fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details()] });
    renderAt(`/groups/${G1}`, <GroupPage />, '/groups/:groupId');
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(2));
    expect(calls[0]!.query.get('groupId')).toBe(G1);
    expect(screen.getByTestId('page-title').textContent).toBe('Care team');
    expect(within(rowOf('Pat1 Lee')).getByTestId('membership-status').textContent).toBe('Active');
    expect(within(rowOf('Pat2 Lee')).getByTestId('membership-status').textContent).toBe('Invited');
    expect(screen.getByRole('table', { name: 'Patients of the group' })).toBeTruthy();
    expect(screen.getByTestId('group-add-member').getAttribute('href')).toBe(`/groups/${G1}/addMembers`);
    expect(screen.getByTestId('group-create-user').getAttribute('href')).toBe(`/groups/${G1}/createNewUser`);
    expect(screen.getByTestId('group-nav-info').getAttribute('href')).toBe(`/groups/${G1}/groupInfo`);
    expect(screen.queryByTestId('group-nav-logs')).toBeNull();
    // Issue 30: the group's storage seats, on the subscription remote's page.
    expect(screen.getByTestId('group-nav-seats').getAttribute('href')).toBe(`/subscription/group/${G1}`);
  });

  it('offers only the person screens both sides allow, and none for an invitation', async () => {
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details({ myPermissions: ['VIEW_RECORDS'] })] });
    renderAt(`/groups/${G1}`, <GroupPage />, '/groups/:groupId');
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(2));
    expect(within(rowOf('Pat2 Lee')).queryByTestId('member-act')).toBeNull();
    expect(within(rowOf('Pat2 Lee')).getByTestId('member-resend')).toBeTruthy();
    fireEvent.click(within(rowOf('Pat1 Lee')).getByTestId('member-act'));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Info',
      'Open requests',
      'My records',
    ]);
    fireEvent.click(screen.getByTestId('member-action-myRecords'));
    await waitFor(() =>
      expect(screen.getByTestId('landed').textContent).toBe(`/groups/${G1}/user/u1/myRecords`),
    );
    expect(getActing()).toEqual({
      base: `/groups/${G1}/user/u1`,
      memberName: 'Pat1 Lee',
      groupName: 'Care team',
    });
  });

  it('removes a member after asking, and resends an invitation', async () => {
    const calls = fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, details()],
      [`POST ${GROUPS_API.deleteMember}`]: [200, 'OK'],
      [`POST ${GROUPS_API.sendMemberInvite}`]: [200, 'OK'],
    });
    renderAt(`/groups/${G1}`, <GroupPage />, '/groups/:groupId');
    fireEvent.click(
      within(await screen.findByText('Pat2 Lee').then((n) => n.closest('tr')!)).getByTestId('member-resend'),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.path === GROUPS_API.sendMemberInvite)?.body).toEqual({ membershipId: 'm2' }),
    );
    // The row's buttons wait while the resend is under way: click once they are usable again.
    const remove = () => within(rowOf('Pat1 Lee')).getByTestId('member-remove') as HTMLButtonElement;
    await waitFor(() => expect(remove().disabled).toBe(false));
    fireEvent.click(remove());
    expect(screen.getByTestId('remove-member-text').textContent).toContain(GROUP_MESSAGES.removeMemberText);
    fireEvent.click(screen.getByTestId('remove-member-cancel'));
    expect(calls.some((c) => c.path === GROUPS_API.deleteMember)).toBe(false);
    fireEvent.click(within(rowOf('Pat1 Lee')).getByTestId('member-remove'));
    fireEvent.click(screen.getByTestId('remove-member-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GROUPS_API.deleteMember)?.body).toEqual({ membershipId: 'm1' }),
    );
    expect(await screen.findByText(GROUP_MESSAGES.memberRemoved)).toBeTruthy();
    // The list is asked again after the change.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === GROUPS_API.getDetails).length).toBeGreaterThan(1),
    );
  });

  it('has an empty state and an error state', async () => {
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details({ members: [] })] });
    const first = renderAt(`/groups/${G1}`, <GroupPage />, '/groups/:groupId');
    expect((await screen.findByTestId('members-empty')).textContent).toBe(GROUP_MESSAGES.noMembers);
    first.unmount();
    fakeApi({});
    renderAt(`/groups/${G1}`, <GroupPage />, '/groups/:groupId');
    expect((await screen.findByTestId('group-error')).textContent).toContain('Not found');
  });

  it("an admin's group page has the logs and the coordinators, and person paths under the admin group", async () => {
    fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [
        200,
        details({
          myRole: 'GROUP_ADMIN',
          myPermissions: [
            'VIEW_RECORDS',
            'REQUEST_RECORDS',
            'UPLOAD_RECORDS',
            'EDIT_PERSONAL_INFO',
            'SHARE_RECORDS',
          ],
        }),
      ],
    });
    renderAt(`/groupAdmin/${A1}/groups/${G1}`, <GroupPage />, '/groupAdmin/:adminId/groups/:groupId');
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(2));
    expect(screen.getByTestId('group-nav-logs').getAttribute('href')).toBe(
      `/groupAdmin/${A1}/groups/${G1}/logs`,
    );
    expect(screen.getByTestId('group-nav-coordinators').getAttribute('href')).toBe(
      `/groupAdmin/${A1}/groups/${G1}/manageMedicalCoordinator`,
    );
    expect(screen.getByTestId('group-back').textContent).toContain('North admin');
    fireEvent.click(within(rowOf('Pat1 Lee')).getByTestId('member-act'));
    expect(screen.getAllByRole('menuitem')).toHaveLength(9);
    fireEvent.click(screen.getByTestId('member-action-info'));
    await waitFor(() =>
      expect(screen.getByTestId('landed').textContent).toBe(`/groupAdmin/${A1}/groups/${G1}/user/u1/info`),
    );
  });
});

describe('group info', () => {
  beforeEach(() => signIn());

  it('is read-only for a coordinator', async () => {
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details()] });
    renderAt(`/groups/${G1}/groupInfo`, <GroupInfoScreen />, '/groups/:groupId/groupInfo');
    expect((await screen.findByTestId('group-facts')).textContent).toContain('care@example.com');
    expect(screen.queryByTestId('group-info-form')).toBeNull();
    expect(screen.getByTestId('group-my-permissions').textContent).toContain('View records');
  });

  it('is a form for the group admin: the server’s rules, then updateGroupInfo', async () => {
    const calls = fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, details({ myRole: 'GROUP_ADMIN' })],
      [`POST ${GROUPS_API.updateGroupInfo}`]: [200, details({ myRole: 'GROUP_ADMIN', name: 'Care team B' })],
    });
    renderAt(
      `/groupAdmin/${A1}/groups/${G1}/groupInfo`,
      <GroupInfoScreen />,
      '/groupAdmin/:adminId/groups/:groupId/groupInfo',
    );
    const name = await screen.findByTestId('group-name');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(screen.getByTestId('group-contactEmail'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('group-info-submit'));
    expect(await screen.findByText('Group name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Care team B' } });
    fireEvent.change(screen.getByTestId('group-contactEmail'), { target: { value: 'b@example.com' } });
    fireEvent.click(screen.getByTestId('group-info-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GROUPS_API.updateGroupInfo)?.body).toEqual({
        groupId: G1,
        name: 'Care team B',
        description: 'Patients of the north clinic',
        contactEmail: 'b@example.com',
        contactPhone: '555 0100',
      }),
    );
    expect(await screen.findByText(GROUP_MESSAGES.groupSaved)).toBeTruthy();
  });
});
