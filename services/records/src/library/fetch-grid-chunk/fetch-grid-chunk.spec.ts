import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { ChunkRead, GridRepository } from '../grid.repository';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chunkEncodingOf, GridChunkCache } from '../grid-chunk.cache';
import { FetchGridChunk } from './fetch-grid-chunk';

const rowsOf = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}` }));
const chunks: Record<number, string> = {
  0: JSON.stringify(rowsOf(0, 500)),
  500: JSON.stringify(rowsOf(500, 500)),
  1000: JSON.stringify(rowsOf(1000, 3)),
};

const setup = (
  state: Partial<ChunkRead> | null = { status: 'ready', total: 1003, error: null },
  cache = new GridChunkCache(),
) => {
  const readChunk = jest.fn(async (_db, _id, _user, offset: number) =>
    state ? ({ rows: chunks[offset] ?? null, row_count: null, ...state } as ChunkRead) : null,
  );
  const readChunks = jest.fn(async (_db, _id, from: number, to: number) =>
    Object.entries(chunks)
      .filter(([o]) => Number(o) >= from && Number(o) < to)
      .map(([o, rows]) => ({ chunk_offset: Number(o), rows })),
  );
  return {
    readChunk,
    readChunks,
    useCase: new FetchGridChunk(
      fakeUseCaseKit().kit,
      stub<GridRepository>({ readChunk, readChunks }, 'grids'),
      cache,
    ),
  };
};

describe('FetchGridChunk', () => {
  it('serves an aligned chunk as the stored text, without parsing it', async () => {
    const { readChunk, readChunks, useCase } = setup();
    await expect(useCase.execute('u1', 'g1', 500, 500)).resolves.toEqual({
      body: `{"rows":${chunks[500]},"hasMore":true}`,
    });
    expect(readChunk).toHaveBeenCalledWith(expect.anything(), 'g1', 'u1', 500);
    expect(readChunks).not.toHaveBeenCalled();
    expect(JSON.parse(String((await useCase.execute('u1', 'g1', 500, 1000)).body))).toEqual({
      rows: rowsOf(1000, 3),
      hasMore: false,
    });
    expect(JSON.parse(String((await useCase.execute('u1', 'g1', 500, 1500)).body))).toEqual({
      rows: [],
      hasMore: false,
    });
  });

  it('cuts unaligned windows from the chunks that cover them', async () => {
    const { useCase } = setup();
    expect(JSON.parse(String((await useCase.execute('u1', 'g1', 10, 495)).body))).toEqual({
      rows: rowsOf(495, 10),
      hasMore: true,
    });
    expect(JSON.parse(String((await useCase.execute('u1', 'g1', 5, 3)).body))).toEqual({
      rows: rowsOf(3, 5),
      hasMore: true,
    });
    expect(JSON.parse(String((await useCase.execute('u1', 'g1', 500, 999)).body))).toEqual({
      rows: rowsOf(999, 4),
      hasMore: false,
    });
  });

  it('answers an aligned chunk this process built from memory, only to its owner and only until it expires', async () => {
    const cache = new GridChunkCache();
    cache.putSnapshot('g1', 'u1', Date.now() + 60_000, ['{"rows":[],"hasMore":true}']);
    const { readChunk, useCase } = setup(undefined, cache);
    expect(String((await useCase.execute('u1', 'g1', 500, 0)).body)).toBe('{"rows":[],"hasMore":true}');
    expect(readChunk).not.toHaveBeenCalled();
    // Another user misses the cache and gets what the database says (here: the stored chunk of u1's would be refused by the owner check).
    await useCase.execute('u2', 'g1', 500, 0);
    expect(readChunk).toHaveBeenCalledWith(expect.anything(), 'g1', 'u2', 0);
    expect(cache.get('g1', 0, 'u1', undefined, Date.now() + 120_000)).toBeUndefined();
  });

  it('sends a cached chunk compressed once per encoding the caller accepts', async () => {
    const cache = new GridChunkCache();
    const text = `{"rows":${chunks[0]},"hasMore":true}`;
    cache.putSnapshot('g1', 'u1', Date.now() + 60_000, [text]);
    const { useCase } = setup(undefined, cache);
    const br = await useCase.execute('u1', 'g1', 500, 0, 'br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(text);
    expect((await useCase.execute('u1', 'g1', 500, 0, 'br')).body).toBe(br.body);
    const gz = await useCase.execute('u1', 'g1', 500, 0, 'gzip');
    expect(gunzipSync(gz.body as Buffer).toString()).toBe(text);
    expect(chunkEncodingOf('gzip, deflate, br')).toBe('br');
    expect(chunkEncodingOf('br;q=0, gzip')).toBe('gzip');
    expect(chunkEncodingOf('identity')).toBeUndefined();
    expect(chunkEncodingOf(undefined)).toBeUndefined();
  });

  it('keeps the cache within its byte budget, dropping the oldest chunks', () => {
    const cache = new GridChunkCache();
    cache.budget = 10;
    cache.putSnapshot('g1', 'u1', Date.now() + 60_000, ['123456', '654321']);
    expect(cache.size).toBe(6);
    expect(cache.get('g1', 0, 'u1')).toBeUndefined();
    expect(String(cache.get('g1', 500, 'u1'))).toBe('654321');
  });

  it("answers 404 for another user's or an expired snapshot, 409 while building, the reason when it failed", async () => {
    await expect(setup(null).useCase.execute('u2', 'g1', 500, 0)).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    await expect(
      setup({ status: 'building', total: null }).useCase.execute('u1', 'g1', 500, 0),
    ).rejects.toMatchObject({ code: 'RESOURCE.CONFLICT' });
    await expect(
      setup({ status: 'failed', total: null, error: 'x' }).useCase.execute('u1', 'g1', 500, 0),
    ).rejects.toMatchObject({ code: 'INTERNAL.ERROR' });
  });
});
