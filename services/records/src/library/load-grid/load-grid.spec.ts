import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { GridRepository, GridSourceRow } from '../grid.repository';
import type { PersonScope } from '../person-scope';
import { GridChunkCache } from '../grid-chunk.cache';
import { LoadGrid } from './load-grid';

const source = (i: number): GridSourceRow => ({
  kind: 'study',
  id: `s${i}`,
  owner_user_id: 'u1',
  created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 0) - i * 1000),
  key_created: `2026-01-01 00:00:${i}+00`,
  patient_request_id: 'r1',
  person_id: 'p1',
  custodian_id: 'c1',
  custodian_name: 'St. Mary Imaging Center',
  status: 'Completed',
  doc_req_types: ['IMAGES'],
  manual_upload: false,
  record_name: null,
  exam_date: null,
  patient_name: 'Pat Jordan',
  study_instance_uid: `1.2.${i}`,
  modality: 'CT',
  study_description: 'Chest',
  study_date: '2025-12-01',
  total_instances: 3,
  file_name: null,
  document_request_type: null,
  document_date: null,
  starred: false,
  has_attachments: false,
  shared_with: [],
});

const setup = (pages: GridSourceRow[][], resolve: PersonScope['resolve'] = async () => null) => {
  const fake = fakeUseCaseKit();
  const calls = {
    readPage: [] as unknown[][],
    chunks: [] as Array<[number, number, unknown[]]>,
    ready: [] as number[],
    failed: [] as string[],
  };
  let page = 0;
  const grids = stub<GridRepository>(
    {
      deleteExpired: jest.fn(),
      createSnapshot: jest.fn(),
      readPage: jest.fn(async (...args: unknown[]) => {
        calls.readPage.push(args);
        const next = pages[page++];
        if (next instanceof Error) throw next;
        return next ?? [];
      }),
      insertChunk: jest.fn(
        async (_db, _id, offset: number, count: number, rows: string) =>
          void calls.chunks.push([offset, count, JSON.parse(rows)]),
      ),
      markReady: jest.fn(async (_db, _id, total: number) => void calls.ready.push(total)),
      markFailed: jest.fn(async (_db, _id, error: string) => void calls.failed.push(error)),
    },
    'grids',
  );
  const cache = new GridChunkCache();
  return {
    fake,
    calls,
    grids,
    cache,
    useCase: new LoadGrid(fake.kit, grids, stub<PersonScope>({ resolve }, 'persons'), cache),
  };
};

describe('LoadGrid', () => {
  const user = { sub: 'u1', personId: 'p1' };
  const full = Array.from({ length: 500 }, (_, i) => source(i));

  it('builds the snapshot from keyset pages, one chunk each, answers the identifier and audits the load once', async () => {
    const { fake, calls, cache, useCase } = setup([full, [source(500)]]);
    const { identifier } = await useCase.execute(user, { onlyFavourites: true }, testCaller('u1'));
    expect(identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.readPage.map((a) => a.slice(1))).toEqual([
      [{ userId: 'u1', personId: null, onlyFavourites: true }, null, 500],
      [
        { userId: 'u1', personId: null, onlyFavourites: true },
        { created: '2026-01-01 00:00:499+00', id: 's499' },
        500,
      ],
    ]);
    expect(calls.chunks.map(([o, n]) => [o, n])).toEqual([
      [0, 500],
      [500, 1],
    ]);
    expect(calls.chunks[0][2][0]).toMatchObject({
      id: 's0',
      kind: 'study',
      page: 'view-request-report-details',
      showImagingView: true,
      recordName: 'CT Chest',
      shared_with: [],
      sharedWithMe: false,
    });
    expect(calls.ready).toEqual([501]);
    // The finished chunks' answers are kept for the fetchData calls that follow.
    expect(JSON.parse(String(cache.get(identifier, 0, 'u1')))).toMatchObject({
      hasMore: true,
      rows: expect.any(Array),
    });
    expect(JSON.parse(String(cache.get(identifier, 500, 'u1')))).toMatchObject({
      hasMore: false,
      rows: [expect.objectContaining({ id: 's500' })],
    });
    expect(cache.get(identifier, 0, 'u2')).toBeUndefined();
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.read',
        resourceType: 'library',
        resourceId: identifier,
        subjectId: 'u1',
      }),
    ]);
  });

  it('asks for one more page after a full last page and stops at an empty one', async () => {
    const { calls, useCase } = setup([full, []]);
    await useCase.execute(user, {}, testCaller('u1'));
    expect(calls.readPage).toHaveLength(2);
    expect(calls.ready).toEqual([500]);
  });

  it('reads the records shared with the caller for shared-only views, one sharer when named', async () => {
    for (const [q, byUserId] of [
      [{ onlyShared: true }, null],
      [{ sharedByUserId: 'someone-else' }, 'someone-else'],
    ] as const) {
      const { calls, useCase } = setup([[]]);
      await useCase.execute(user, q, testCaller('u1'));
      expect(calls.readPage[0][1]).toMatchObject({ userId: 'u1', shared: { byUserId } });
    }
  });

  it("narrows to the person the scope resolves and refuses one that is not the caller's", async () => {
    const { calls, useCase } = setup([[]], async () => 'fm1');
    await useCase.execute(user, { personId: 'fm1' }, testCaller('u1'));
    expect(calls.readPage[0][1]).toEqual({
      userId: 'u1',
      personId: 'fm1',
      onlyFavourites: false,
      shared: undefined,
    });
    const refused = setup([[]], async () => {
      throw new Error('Person not found');
    });
    await expect(refused.useCase.execute(user, { personId: 'x' }, testCaller('u1'))).rejects.toThrow(
      'Person not found',
    );
    expect(refused.fake.audit).toEqual([]);
  });

  it('marks the snapshot failed when a page cannot be read, and still answers the identifier', async () => {
    const { calls, useCase } = setup([new Error('boom') as never]);
    await expect(useCase.execute(user, {}, testCaller('u1'))).resolves.toEqual({
      identifier: expect.any(String),
    });
    expect(calls.failed).toEqual(['the records could not be read']);
    expect(calls.ready).toEqual([]);
  });

  it('answers after the wait while a long build goes on', async () => {
    const { calls, useCase } = setup([]);
    let release!: (rows: GridSourceRow[]) => void;
    (useCase as unknown as { grids: GridRepository }).grids.readPage = () =>
      new Promise((r) => (release = r));
    await useCase.execute(user, {}, testCaller('u1'), 5);
    expect(calls.ready).toEqual([]);
    release([]);
    await new Promise((r) => setImmediate(r));
    expect(calls.ready).toEqual([0]);
  });
});
