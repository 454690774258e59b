import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { Group } from '@portal/contracts';
import { aGroup, aMembership, staffOf } from '../../groups.fixtures';
import type { StaffView } from '../group-access';
import type { GroupAccess } from '../group-access';
import type { GroupRepository } from '../group.repository';
import type { ListedMemberRow, MembershipRepository } from '../../memberships/membership.repository';
import { GetGroupDetails } from './get-group-details';

const rows: ListedMemberRow[] = [
  { ...aMembership({ status: 'ACTIVE', permissions: ['VIEW_RECORDS'] }), identity_saved: true },
  {
    ...aMembership({
      id: 'm2',
      user_id: 'c1',
      role: 'MEDICAL_COORDINATOR',
      status: 'ACTIVE',
      permissions: ['VIEW_RECORDS'],
    }),
    identity_saved: null,
  },
  {
    ...aMembership({
      id: 'm3',
      user_id: 'c2',
      role: 'MEDICAL_COORDINATOR',
      status: 'ACTIVE',
      permissions: ['SHARE_RECORDS'],
    }),
    identity_saved: null,
  },
];

describe('GetGroupDetails', () => {
  const setup = (staff: StaffView) => {
    const patientGroups = jest.fn(async (..._args: unknown[]) => [{ id: 'g9' }] as Group[]);
    const useCase = new GetGroupDetails(
      fakeUseCaseKit().kit,
      stub<GroupAccess>({ staff: jest.fn(async () => staff) }, 'access'),
      stub<GroupRepository>(
        { find: jest.fn(async () => aGroup({ id: 'a1', name: 'Northgate Care Team' })), patientGroups },
        'groups',
      ),
      stub<MembershipRepository>({ ofGroup: jest.fn(async () => rows) }, 'memberships'),
    );
    return { useCase, patientGroups };
  };

  it("a coordinator sees the patients with what they consented to, the other staff's names and status only", async () => {
    const d = await setup(staffOf('MEDICAL_COORDINATOR')).useCase.execute('c1', 'g1');
    expect(d).toMatchObject({ id: 'g1', parentName: 'Northgate Care Team', myRole: 'MEDICAL_COORDINATOR' });
    expect(d.myPermissions).toEqual(['VIEW_RECORDS', 'REQUEST_RECORDS']);
    expect(d.members).toEqual([
      expect.objectContaining({ membershipId: 'm1', permissions: ['VIEW_RECORDS'], identityVerified: true }),
    ]);
    expect(d.coordinators).toEqual([
      expect.objectContaining({ membershipId: 'm2', permissions: ['VIEW_RECORDS'] }),
      expect.objectContaining({ membershipId: 'm3', permissions: [], status: 'ACTIVE' }),
    ]);
    expect(d.patientGroups).toEqual([]);
  });

  it("an admin sees every row's permissions and an admin group's patient groups", async () => {
    const { useCase, patientGroups } = setup(
      staffOf('GROUP_ADMIN', {
        group: aGroup({ id: 'a1', organization_type: 'ADMIN_GROUP', parent_id: null }),
      }),
    );
    const d = await useCase.execute('a1', 'a1');
    expect(d.coordinators[1]).toMatchObject({ permissions: ['SHARE_RECORDS'] });
    expect(patientGroups).toHaveBeenCalledWith(expect.anything(), 'a1');
    expect(d.patientGroups).toEqual([{ id: 'g9' }]);
    expect(d.parentName).toBeNull();
  });
});
