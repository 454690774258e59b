import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { aMembership, staffOf } from '../../groups.fixtures';
import type { MemberAccess } from '../member-access';
import type { MembershipChanges } from '../membership-changes';
import type { MembershipRepository, MembershipRow } from '../membership.repository';
import { DeleteMember } from './delete-member';

describe('DeleteMember', () => {
  const setup = (membership: MembershipRow) => {
    const fake = fakeUseCaseKit();
    const change = jest.fn(async (_tx, id: string, c: object) => aMembership({ id, ...c }));
    const record = jest.fn();
    const useCase = new DeleteMember(
      fake.kit,
      stub<MemberAccess>(
        { lockAsStaff: jest.fn(async () => ({ membership, staff: staffOf('MEDICAL_COORDINATOR') })) },
        'access',
      ),
      stub<MembershipRepository>({ change }, 'memberships'),
      stub<MembershipChanges>({ record }, 'changes'),
    );
    return { change, record, useCase };
  };

  it('ends an active membership at once: REMOVED and announced in the same transaction', async () => {
    const { change, record, useCase } = setup(aMembership({ status: 'ACTIVE' }));
    await expect(useCase.execute('c1', 'm1', testCaller('c1'))).resolves.toBe('OK');
    expect(change).toHaveBeenCalledWith(expect.anything(), 'm1', { status: 'REMOVED' });
    expect(record).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ status: 'REMOVED' }),
      expect.anything(),
      'groups.member-removed',
      { was: 'ACTIVE' },
    );
  });

  it.each(['REMOVED', 'LEFT', 'REJECTED'] as const)('refuses a membership already %s', async (status) => {
    const { change, useCase } = setup(aMembership({ status }));
    await expect(useCase.execute('c1', 'm1', testCaller('c1'))).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
    });
    expect(change).not.toHaveBeenCalled();
  });

  it("refuses the caller's own membership: they leave with leaveGroup", async () => {
    const { change, useCase } = setup(
      aMembership({ user_id: 'c1', role: 'MEDICAL_COORDINATOR', status: 'ACTIVE' }),
    );
    await expect(useCase.execute('c1', 'm1', testCaller('c1'))).rejects.toMatchObject({
      message: 'To leave a group yourself, use Leave group',
    });
    expect(change).not.toHaveBeenCalled();
  });
});
