import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { ActRepository } from '../act.repository';
import { OnMyBehalf } from './on-my-behalf';

describe('OnMyBehalf', () => {
  it('pages what others did for the caller, newest first', async () => {
    const page = jest.fn(async () => ({ rows: [], total: 7 }));
    await expect(
      new OnMyBehalf(fakeUseCaseKit().kit, stub<ActRepository>({ page }, 'acts')).execute('p1', {
        page: 2,
        size: 50,
      }),
    ).resolves.toEqual({ rows: [], total: 7, page: 2, size: 50 });
    expect(page).toHaveBeenCalledWith(
      expect.anything(),
      { memberId: 'p1', notActorId: 'p1' },
      { limit: 50, offset: 50 },
    );
  });
});
