import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { UpdateDetailsInput } from '@portal/contracts';
import { aMembership, staffOf } from '../../groups.fixtures';
import type { StaffView } from '../../groups/group-access';
import type { MemberAccess } from '../member-access';
import type { MembershipChanges } from '../membership-changes';
import type { MembershipRepository, MembershipRow } from '../membership.repository';
import { UpdateDetails } from './update-details';

const coordinatorRow = aMembership({
  user_id: 'c1',
  role: 'MEDICAL_COORDINATOR',
  status: 'ACTIVE',
  permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS'],
});
const input = (over: Partial<UpdateDetailsInput> = {}): UpdateDetailsInput => ({
  membershipId: 'm1',
  permissions: ['VIEW_RECORDS'],
  expiresAt: null,
  ...over,
});

describe('UpdateDetails', () => {
  const setup = (membership: MembershipRow, staff: StaffView = staffOf('GROUP_ADMIN')) => {
    const fake = fakeUseCaseKit();
    const change = jest.fn(async (_tx, id: string, c: object) => ({ ...membership, id, ...c }));
    const record = jest.fn();
    const useCase = new UpdateDetails(
      fake.kit,
      stub<MemberAccess>({ lockAsStaff: jest.fn(async () => ({ membership, staff })) }, 'access'),
      stub<MembershipRepository>({ change }, 'memberships'),
      stub<MembershipChanges>({ record }, 'changes'),
    );
    return { change, record, useCase };
  };

  it("the admin narrows a coordinator's permissions and sets an expiry: announced at once", async () => {
    const { change, record, useCase } = setup(coordinatorRow);
    const member = await useCase.execute('a1', input({ expiresAt: '2099-06-30' }), testCaller('a1'));
    expect(change).toHaveBeenCalledWith(expect.anything(), 'm1', {
      permissions: ['VIEW_RECORDS'],
      expires_at: new Date('2099-06-30T23:59:59.999Z'),
      reminded_at: null,
    });
    expect(record).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ permissions: ['VIEW_RECORDS'] }),
      expect.anything(),
      'groups.permissions-changed',
      expect.anything(),
    );
    expect(member).toMatchObject({ permissions: ['VIEW_RECORDS'], expiresAt: '2099-06-30T23:59:59.999Z' });
  });

  it("changes a patient's expiry only, keeping what they consented to", async () => {
    const patient = aMembership({ status: 'ACTIVE', permissions: ['VIEW_RECORDS'] });
    const { change, useCase } = setup(patient);
    await useCase.execute('a1', input({ permissions: [], expiresAt: '2099-01-01' }), testCaller('a1'));
    expect(change.mock.calls[0]![2]).not.toHaveProperty('permissions');
  });

  it.each<[string, MembershipRow, UpdateDetailsInput, StaffView, string]>([
    ['a coordinator', coordinatorRow, input(), staffOf('MEDICAL_COORDINATOR'), 'AUTH.FORBIDDEN'],
    [
      "a patient's permissions (only the patient changes them)",
      aMembership({ status: 'ACTIVE' }),
      input({ permissions: ['SHARE_RECORDS'] }),
      staffOf('GROUP_ADMIN'),
      'AUTH.FORBIDDEN',
    ],
    [
      'an ended membership',
      { ...coordinatorRow, status: 'REMOVED' },
      input(),
      staffOf('GROUP_ADMIN'),
      'REQUEST.VALIDATION_FAILED',
    ],
    [
      "an admin's row",
      { ...coordinatorRow, role: 'GROUP_ADMIN' },
      input(),
      staffOf('GROUP_ADMIN'),
      'REQUEST.VALIDATION_FAILED',
    ],
  ])('refuses %s', async (_what, membership, given, staff, code) => {
    const { change, useCase } = setup(membership, staff);
    await expect(useCase.execute('u1', given, testCaller('u1'))).rejects.toMatchObject({ code });
    expect(change).not.toHaveBeenCalled();
  });
});
