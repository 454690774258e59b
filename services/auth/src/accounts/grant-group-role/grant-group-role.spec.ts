import type { EventPayloads } from '@portal/contracts';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { UserRepository } from '../user.repository';
import { GrantGroupRole } from './grant-group-role';

const change = (
  over: Partial<EventPayloads['groups.membership-changed']>,
): EventPayloads['groups.membership-changed'] => ({
  membershipId: 'm1',
  groupId: 'g1',
  parentGroupId: null,
  userId: 'u1',
  personId: 'p1',
  email: 'c@example.com',
  role: 'MEDICAL_COORDINATOR',
  status: 'ACTIVE',
  permissions: ['VIEW_RECORDS'],
  expiresAt: null,
  version: 2,
  ...over,
});

describe('GrantGroupRole', () => {
  const setup = (added: boolean) => {
    const fake = fakeUseCaseKit();
    const addRole = jest.fn().mockResolvedValue(added);
    return {
      fake,
      addRole,
      useCase: new GrantGroupRole(fake.kit, stub<UserRepository>({ addRole }, 'users')),
    };
  };

  it('gives an accepted coordinator the role, audited', async () => {
    const { fake, addRole, useCase } = setup(true);
    await fake.kit.transaction((tx) => useCase.execute(tx, change({})));
    expect(addRole).toHaveBeenCalledWith(fake.tx, 'u1', 'MEDICAL_COORDINATOR');
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'auth.group-role-granted',
        resourceId: 'u1',
        detail: expect.objectContaining({ role: 'MEDICAL_COORDINATOR' }),
      }),
    ]);
  });

  it('grants nothing for a pending invitation or a patient, and audits nothing for a role already held', async () => {
    for (const over of [{ status: 'PENDING' as const }, { role: 'PATIENT' as const }]) {
      const { fake, addRole, useCase } = setup(true);
      await fake.kit.transaction((tx) => useCase.execute(tx, change(over)));
      expect(addRole).not.toHaveBeenCalled();
      expect(fake.audit).toEqual([]);
    }
    const { fake, useCase } = setup(false);
    await fake.kit.transaction((tx) => useCase.execute(tx, change({ role: 'GROUP_ADMIN' })));
    expect(fake.audit).toEqual([]);
  });
});
