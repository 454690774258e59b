import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { GroupRepository } from '../group.repository';
import { SaveGroup } from './save-group';

describe('SaveGroup', () => {
  it('saves the group and each member in one transaction, audited', async () => {
    const fake = fakeUseCaseKit();
    const insertIfMissing = jest.fn();
    const addMember = jest.fn();
    const group = {
      id: 'g1',
      name: 'Cardiology Patients',
      type: 'PATIENT_GROUP' as const,
      members: [
        { userId: 'c1', role: 'MEDICAL_COORDINATOR' as const },
        { userId: 'p1', role: 'PATIENT' as const },
      ],
    };
    await new SaveGroup(fake.kit, stub<GroupRepository>({ insertIfMissing, addMember }, 'groups')).execute(
      group,
      testCaller('operator'),
    );
    expect(insertIfMissing).toHaveBeenCalledWith(expect.anything(), group);
    expect(addMember.mock.calls.map((c) => c.slice(1))).toEqual([
      ['g1', 'c1', 'MEDICAL_COORDINATOR'],
      ['g1', 'p1', 'PATIENT'],
    ]);
    expect(fake.transactions).toBe(1);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'groups.group-saved', resourceId: 'g1', detail: { members: 2 } }),
    ]);
  });

  it('a failed member leaves no audit row (the transaction rolls back)', async () => {
    const fake = fakeUseCaseKit();
    const useCase = new SaveGroup(
      fake.kit,
      stub<GroupRepository>(
        { insertIfMissing: jest.fn(), addMember: jest.fn().mockRejectedValue(new Error('boom')) },
        'groups',
      ),
    );
    await expect(
      useCase.execute(
        { id: 'g1', name: 'x', type: 'ADMIN_GROUP', members: [{ userId: 'a', role: 'GROUP_ADMIN' }] },
        testCaller(),
      ),
    ).rejects.toThrow('boom');
    expect(fake.audit).toEqual([]);
  });
});
