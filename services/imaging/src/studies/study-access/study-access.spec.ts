import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { InstanceRepository } from '../../instances/instance.repository';
import { StudyAccess } from './study-access';

describe('StudyAccess', () => {
  const stored = new Set(['u1|1.2.3']);
  const hasStudy = jest.fn(async (_db, userId: string, study: string) => stored.has(`${userId}|${study}`));
  const access = new StudyAccess(stub<InstanceRepository>({ hasStudy }, 'instances'));
  const { db } = fakeUseCaseKit().kit;

  it('lets the owner of instances of the study see it, as its owner', async () => {
    await expect(access.ownerVisibleTo(db, 'u1', '1.2.3')).resolves.toBe('u1');
  });

  it('sees nothing for another user, or for a study nobody has', async () => {
    await expect(access.ownerVisibleTo(db, 'u2', '1.2.3')).resolves.toBeNull();
    await expect(access.ownerVisibleTo(db, 'u1', '9.9.9')).resolves.toBeNull();
  });
});
