import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { StudyMoveRepository } from '../study-move.repository';
import { GetStudyMove } from './get-study-move';

describe('GetStudyMove', () => {
  it("answers the owner's move progress and 404 for anyone else's", async () => {
    const fake = fakeUseCaseKit();
    const progress = {
      status: 'moving' as const,
      instancesTotal: 300,
      instancesDone: 96,
      bytesDone: 5e7,
      attempts: 0,
      error: null,
    };
    const progressOf = jest.fn(async (_db: unknown, _id: string, userId: string) =>
      userId === 'u1' ? progress : null,
    );
    const useCase = new GetStudyMove(fake.kit, stub<StudyMoveRepository>({ progressOf }));
    expect(await useCase.execute('u1', 'r1')).toBe(progress);
    expect(progressOf).toHaveBeenCalledWith(fake.kit.db, 'r1', 'u1');
    await expect(useCase.execute('u2', 'r1')).rejects.toMatchObject({ status: 404 });
  });
});
