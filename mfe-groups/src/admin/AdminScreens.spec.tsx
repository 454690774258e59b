import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GROUPS_API, GROUP_MESSAGES } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../testing';
import { A1, G1, details, group, logEntry, member } from '../test-fixtures';
import { AddPatientGroupScreen, AdminGroupScreen } from './AdminScreens';
import { CoordinatorPermissionsScreen, CoordinatorsScreen } from './CoordinatorsScreen';
import { LogsScreen } from './LogsScreen';

const adminDetails = () => details({ myRole: 'GROUP_ADMIN' });
const ADMIN_GROUP = `/groupAdmin/${A1}/groups/${G1}`;

describe('the admin group page', () => {
  beforeEach(() => signIn());

  it('lists its patient groups, its info and Add patient group', async () => {
    fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [
        200,
        details({
          id: A1,
          name: 'North admin',
          organization_type: { mnemonic: 'ADMIN_GROUP' },
          parentId: null,
          parentName: null,
          myRole: 'GROUP_ADMIN',
          members: [],
          patientGroups: [group()],
        }),
      ],
    });
    renderAt(`/groupAdmin/${A1}`, <AdminGroupScreen />, '/groupAdmin/:adminId');
    expect((await screen.findByRole('link', { name: 'Open Care team' })).getAttribute('href')).toBe(
      ADMIN_GROUP,
    );
    expect(screen.getByTestId('group-facts').textContent).toContain('Admin group');
    expect(screen.getByTestId('admin-add-patient-group').getAttribute('href')).toBe(
      `/groupAdmin/${A1}/addPatientGroup`,
    );
  });

  it('says when it has no patient groups', async () => {
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details({ id: A1, patientGroups: [] })] });
    renderAt(`/groupAdmin/${A1}`, <AdminGroupScreen />, '/groupAdmin/:adminId');
    expect((await screen.findByTestId('groups-empty')).textContent).toBe(GROUP_MESSAGES.noPatientGroups);
  });

  it('adds a patient group and opens it', async () => {
    const calls = fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, details({ id: A1, name: 'North admin' })],
      [`POST ${GROUPS_API.addPatientGroup}`]: [200, group({ id: 'g-new', name: 'Day care' })],
    });
    renderAt(
      `/groupAdmin/${A1}/addPatientGroup`,
      <AddPatientGroupScreen />,
      '/groupAdmin/:adminId/addPatientGroup',
    );
    fireEvent.click(await screen.findByTestId('group-info-submit'));
    expect(await screen.findByText('Group name is required')).toBeTruthy();
    fireEvent.change(screen.getByTestId('group-name'), { target: { value: 'Day care' } });
    fireEvent.change(screen.getByTestId('group-contactPhone'), { target: { value: '+1 (555) 0100' } });
    fireEvent.click(screen.getByTestId('group-info-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('landed').textContent).toBe(`/groupAdmin/${A1}/groups/g-new`),
    );
    expect(calls.find((c) => c.path === GROUPS_API.addPatientGroup)?.body).toEqual({
      adminGroupId: A1,
      name: 'Day care',
      description: '',
      contactEmail: '',
      contactPhone: '+1 (555) 0100',
    });
  });
});

describe('the logs', () => {
  beforeEach(() => signIn());

  it('shows when, who, for whom, what and the permission; filters and pages ask the server again', async () => {
    const calls = fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, adminDetails()],
      [`GET ${GROUPS_API.getLogs}`]: (c) => [
        200,
        { rows: c.query.get('memberId') ? [] : [logEntry(1), logEntry(2)], total: 60, page: 1, size: 25 },
      ],
    });
    renderAt(`${ADMIN_GROUP}/logs`, <LogsScreen />, '/groupAdmin/:adminId/groups/:groupId/logs');
    await waitFor(() => expect(screen.getAllByTestId('log-row')).toHaveLength(2));
    const cells = within(screen.getAllByTestId('log-row')[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1)).toEqual(['Cora Ord', 'Pat1 Lee', 'Requested records', 'Request records']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'When',
      'Who',
      'For whom',
      'What',
      'Permission',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(calls.at(-1)!.query.get('page')).toBe('2'));
    fireEvent.change(screen.getByTestId('logs-from'), { target: { value: '2026-01-01' } });
    fireEvent.mouseDown(screen.getByTestId('logs-member'));
    fireEvent.click(await screen.findByRole('option', { name: 'Pat1 Lee' }));
    expect((await screen.findByTestId('logs-empty')).textContent).toBe(GROUP_MESSAGES.noLogsFound);
    const last = calls.at(-1)!;
    expect([
      last.query.get('groupId'),
      last.query.get('memberId'),
      last.query.get('from'),
      last.query.get('page'),
    ]).toEqual([G1, 'u1', '2026-01-01', '1']);
  });

  it('says when nothing was done yet, and when the logs cannot load', async () => {
    fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, adminDetails()],
      [`GET ${GROUPS_API.getLogs}`]: [200, { rows: [], total: 0, page: 1, size: 25 }],
    });
    const a = renderAt(`${ADMIN_GROUP}/logs`, <LogsScreen />, '/groupAdmin/:adminId/groups/:groupId/logs');
    expect((await screen.findByTestId('logs-empty')).textContent).toBe(GROUP_MESSAGES.noLogs);
    a.unmount();
    fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, adminDetails()],
      [`GET ${GROUPS_API.getLogs}`]: [
        403,
        { statusCode: 403, code: 'AUTH.FORBIDDEN', message: 'Only the group admin' },
      ],
    });
    renderAt(`${ADMIN_GROUP}/logs`, <LogsScreen />, '/groupAdmin/:adminId/groups/:groupId/logs');
    expect((await screen.findByTestId('logs-error')).textContent).toContain('Only the group admin');
  });
});

describe('medical coordinators', () => {
  beforeEach(() => signIn());

  it('lists the coordinators and invites one with the permissions given', async () => {
    const calls = fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, adminDetails()],
      [`POST ${GROUPS_API.addMember}`]: [200, member(8, { role: 'MEDICAL_COORDINATOR', status: 'PENDING' })],
    });
    renderAt(
      `${ADMIN_GROUP}/manageMedicalCoordinator`,
      <CoordinatorsScreen />,
      '/groupAdmin/:adminId/groups/:groupId/manageMedicalCoordinator',
    );
    expect((await screen.findByTestId('coordinator-permissions')).textContent).toBe('View records');
    expect(screen.getByTestId('coordinator-edit').getAttribute('href')).toBe(
      `${ADMIN_GROUP}/manageMedicalCoordinator/u9/permissions`,
    );
    fireEvent.click(screen.getByTestId('coordinator-invite'));
    fireEvent.change(screen.getByTestId('member-email'), { target: { value: 'cora2@example.com' } });
    fireEvent.change(screen.getByTestId('member-firstName'), { target: { value: 'Cora' } });
    fireEvent.change(screen.getByTestId('member-lastName'), { target: { value: 'Two' } });
    fireEvent.click(screen.getByTestId('permissions-VIEW_RECORDS'));
    fireEvent.click(screen.getByTestId('member-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GROUPS_API.addMember)?.body).toMatchObject({
        groupId: G1,
        role: 'MEDICAL_COORDINATOR',
        email: 'cora2@example.com',
        permissions: ['VIEW_RECORDS'],
        expiresAt: null,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('member-form')).toBeNull());
  });

  it('removes a coordinator after asking; says when there is none', async () => {
    const calls = fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, adminDetails()],
      [`POST ${GROUPS_API.deleteMember}`]: [200, 'OK'],
    });
    const a = renderAt(
      `${ADMIN_GROUP}/manageMedicalCoordinator`,
      <CoordinatorsScreen />,
      '/groupAdmin/:adminId/groups/:groupId/manageMedicalCoordinator',
    );
    fireEvent.click(await screen.findByTestId('coordinator-remove'));
    fireEvent.click(screen.getByTestId('remove-coordinator-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GROUPS_API.deleteMember)?.body).toEqual({ membershipId: 'm9' }),
    );
    a.unmount();
    fakeApi({ [`GET ${GROUPS_API.getDetails}`]: [200, details({ coordinators: [] })] });
    renderAt(
      `${ADMIN_GROUP}/manageMedicalCoordinator`,
      <CoordinatorsScreen />,
      '/groupAdmin/:adminId/groups/:groupId/manageMedicalCoordinator',
    );
    expect((await screen.findByTestId('coordinators-empty')).textContent).toBe(GROUP_MESSAGES.noCoordinators);
  });

  it("saves a coordinator's permissions and expiry on their membership", async () => {
    const calls = fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, adminDetails()],
      [`POST ${GROUPS_API.updateDetails}`]: [200, member(9)],
    });
    renderAt(
      `${ADMIN_GROUP}/manageMedicalCoordinator/u9/permissions`,
      <CoordinatorPermissionsScreen />,
      '/groupAdmin/:adminId/groups/:groupId/manageMedicalCoordinator/:userId/permissions',
    );
    const view = await screen.findByTestId('permissions-VIEW_RECORDS');
    expect((view as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('page-title').textContent).toBe('Permissions of Cora Ord');
    fireEvent.click(screen.getByTestId('permissions-REQUEST_RECORDS'));
    fireEvent.change(screen.getByTestId('coordinator-expiresAt'), { target: { value: '2099-06-30' } });
    fireEvent.click(screen.getByTestId('coordinator-permissions-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GROUPS_API.updateDetails)?.body).toEqual({
        membershipId: 'm9',
        permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS'],
        expiresAt: '2099-06-30',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('landed').textContent).toBe(`${ADMIN_GROUP}/manageMedicalCoordinator`),
    );
  });
});
