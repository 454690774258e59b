import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { ChunkRead, GridRepository } from '../grid.repository';
import { FetchGridChunk } from './fetch-grid-chunk';

const rowsOf = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}` }));
const chunks: Record<number, string> = { 0: JSON.stringify(rowsOf(0, 500)), 500: JSON.stringify(rowsOf(500, 500)), 1000: JSON.stringify(rowsOf(1000, 3)) };

const setup = (state: Partial<ChunkRead> | null = { status: 'ready', total: 1003, error: null }) => {
  const readChunk = jest.fn(async (_db, _id, _user, offset: number) => (state ? ({ rows: chunks[offset] ?? null, row_count: null, ...state } as ChunkRead) : null));
  const readChunks = jest.fn(async (_db, _id, from: number, to: number) => Object.entries(chunks).filter(([o]) => Number(o) >= from && Number(o) < to).map(([o, rows]) => ({ chunk_offset: Number(o), rows })));
  return { readChunk, readChunks, useCase: new FetchGridChunk(fakeUseCaseKit().kit, stub<GridRepository>({ readChunk, readChunks }, 'grids')) };
};

describe('FetchGridChunk', () => {
  it('serves an aligned chunk as the stored text, without parsing it', async () => {
    const { readChunk, readChunks, useCase } = setup();
    await expect(useCase.execute('u1', 'g1', 500, 500)).resolves.toBe(`{"rows":${chunks[500]},"hasMore":true}`);
    expect(readChunk).toHaveBeenCalledWith(expect.anything(), 'g1', 'u1', 500);
    expect(readChunks).not.toHaveBeenCalled();
    expect(JSON.parse(await useCase.execute('u1', 'g1', 500, 1000))).toEqual({ rows: rowsOf(1000, 3), hasMore: false });
    expect(JSON.parse(await useCase.execute('u1', 'g1', 500, 1500))).toEqual({ rows: [], hasMore: false });
  });

  it('cuts unaligned windows from the chunks that cover them', async () => {
    const { useCase } = setup();
    expect(JSON.parse(await useCase.execute('u1', 'g1', 10, 495))).toEqual({ rows: rowsOf(495, 10), hasMore: true });
    expect(JSON.parse(await useCase.execute('u1', 'g1', 5, 3))).toEqual({ rows: rowsOf(3, 5), hasMore: true });
    expect(JSON.parse(await useCase.execute('u1', 'g1', 500, 999))).toEqual({ rows: rowsOf(999, 4), hasMore: false });
  });

  it("answers 404 for another user's or an expired snapshot, 409 while building, the reason when it failed", async () => {
    await expect(setup(null).useCase.execute('u2', 'g1', 500, 0)).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    await expect(setup({ status: 'building', total: null }).useCase.execute('u1', 'g1', 500, 0)).rejects.toMatchObject({ code: 'RESOURCE.CONFLICT' });
    await expect(setup({ status: 'failed', total: null, error: 'x' }).useCase.execute('u1', 'g1', 500, 0)).rejects.toMatchObject({ code: 'INTERNAL.ERROR' });
  });
});
