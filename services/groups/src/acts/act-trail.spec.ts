import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ActRepository } from './act.repository';
import { ActTrail } from './act-trail';

describe('ActTrail', () => {
  it('writes the audit row and the act of a step in the same transaction, the caller as actor', async () => {
    const fake = fakeUseCaseKit();
    const insert = jest.fn();
    const trail = new ActTrail(fake.kit, stub<ActRepository>({ insert }, 'acts'));
    await fake.kit.transaction((tx) =>
      trail.record(tx, testCaller('c1'), {
        groupId: 'g1',
        memberId: 'p1',
        action: 'groups.member-invited',
        resourceType: 'membership',
        resourceId: 'm1',
      }),
    );
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'groups.member-invited',
        resourceId: 'm1',
        subjectId: 'p1',
        detail: { groupId: 'g1' },
      }),
    ]);
    expect(insert).toHaveBeenCalledWith(
      fake.tx,
      expect.objectContaining({
        actorId: 'c1',
        memberId: 'p1',
        groupId: 'g1',
        context: 'groups',
        permission: null,
      }),
    );
  });
});
