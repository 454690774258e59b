import { stub } from '@portal/server-kit/testing';
import { GROUP_PERMISSIONS } from '@portal/contracts';
import { aGroup } from '../groups.fixtures';
import { GroupAccess, staffRoleOf } from './group-access';
import type { GroupRepository, StaffTie } from './group.repository';

describe('GroupAccess', () => {
  const access = (ties: StaffTie[], group = aGroup()) =>
    new GroupAccess(
      stub<GroupRepository>(
        { find: jest.fn(async () => group), staffTies: jest.fn(async () => ties) },
        'groups',
      ),
    );

  it('an admin (of the group or of its admin group) holds every permission', () => {
    expect(staffRoleOf([{ group_id: 'a1', role: 'GROUP_ADMIN', permissions: [] }])).toEqual({
      role: 'GROUP_ADMIN',
      permissions: [...GROUP_PERMISSIONS],
    });
  });

  it("a coordinator holds their row's permissions", () => {
    expect(
      staffRoleOf([
        { group_id: 'g1', role: 'MEDICAL_COORDINATOR', permissions: ['UPLOAD_RECORDS', 'VIEW_RECORDS'] },
      ]),
    ).toEqual({ role: 'MEDICAL_COORDINATOR', permissions: ['VIEW_RECORDS', 'UPLOAD_RECORDS'] });
  });

  it('a group the caller is not staff of is not found, like one that does not exist', async () => {
    await expect(access([]).staff({ query: jest.fn() }, 'u1', 'g1')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Group not found',
    });
    await expect(
      new GroupAccess(stub<GroupRepository>({ find: jest.fn(async () => null) }, 'groups')).staff(
        { query: jest.fn() },
        'u1',
        'g1',
      ),
    ).rejects.toMatchObject({ message: 'Group not found' });
  });

  it("a coordinator doing an admin's act is refused with 403 (they see the group)", async () => {
    await expect(
      access([{ group_id: 'g1', role: 'MEDICAL_COORDINATOR', permissions: [] }]).admin(
        { query: jest.fn() },
        'c1',
        'g1',
      ),
    ).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
  });
});
