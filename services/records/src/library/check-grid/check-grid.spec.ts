import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { GridRepository, SnapshotState } from '../grid.repository';
import { CheckGrid } from './check-grid';

const useCase = (state: SnapshotState | null) => {
  const findState = jest.fn().mockResolvedValue(state);
  return {
    findState,
    checkGrid: new CheckGrid(fakeUseCaseKit().kit, stub<GridRepository>({ findState }, 'grids')),
  };
};

describe('CheckGrid', () => {
  it('answers ready with the total, or not ready yet', async () => {
    const { findState, checkGrid } = useCase({ status: 'ready', total: 42, error: null });
    await expect(checkGrid.execute('u1', 'g1')).resolves.toEqual({ isReady: true, total: 42 });
    expect(findState).toHaveBeenCalledWith(expect.anything(), 'g1', 'u1');
    await expect(
      useCase({ status: 'building', total: null, error: null }).checkGrid.execute('u1', 'g1'),
    ).resolves.toEqual({ isReady: false, total: null });
  });

  it("answers 404 for a missing, expired or another user's snapshot and a message for a failed one", async () => {
    await expect(useCase(null).checkGrid.execute('u2', 'g1')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Grid not found',
    });
    await expect(
      useCase({ status: 'failed', total: null, error: 'the records could not be read' }).checkGrid.execute(
        'u1',
        'g1',
      ),
    ).rejects.toMatchObject({
      code: 'INTERNAL.ERROR',
      message: 'The grid could not be loaded: the records could not be read. Please load it again.',
    });
  });
});
