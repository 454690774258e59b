import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  GRID_CHUNK_SIZE,
  GRID_SNAPSHOT_TTL_SECONDS,
  type GridLoad,
  type GridLoadQuery,
} from '@portal/contracts';
import { type Caller, InjectContext, logger, type UseCaseKit } from '@portal/server-kit';
import { type GridFilter, type GridKey, GridRepository } from '../grid.repository';
import { toGridRow } from '../grid-row.mapper';
import { GridChunkCache } from '../grid-chunk.cache';
import { chunkBody } from '../fetch-grid-chunk/fetch-grid-chunk';
import { PersonScope } from '../person-scope';
import { sharedPersonNotFound } from '../library.errors';
import { SharedAccess } from '../shared-access';

/** loadGrid answers once the snapshot is built or after this long, whichever comes first; a longer build goes on. */
export const GRID_BUILD_WAIT_MS = 1500;

/**
 * GET v2/myRecords/loadGrid: starts a snapshot of the caller's library rows and answers its identifier.
 * The snapshot is built from keyset pages of GRID_CHUNK_SIZE rows, each stored as one pre-serialised
 * chunk, so fetchData serves a chunk without building or parsing anything. One audit row per load.
 */
@Injectable()
export class LoadGrid {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly grids: GridRepository,
    private readonly persons: PersonScope,
    private readonly cache: GridChunkCache,
    private readonly access?: SharedAccess,
  ) {}

  async execute(
    user: { sub: string; personId: string },
    query: GridLoadQuery,
    caller: Caller,
    waitMs = GRID_BUILD_WAIT_MS,
  ): Promise<GridLoad> {
    const personId = await this.persons.resolve(this.kit.db, user, query.personId);
    // Sharing details: the owner's records one of their people sees; another owner's person is a missing one.
    if (query.sharedWith && !(await this.access?.isPersonOf(this.kit.db, user.sub, query.sharedWith)))
      throw sharedPersonNotFound();
    await this.grids.deleteExpired(this.kit.db);
    const identifier = randomUUID();
    const expiresAt = Date.now() + GRID_SNAPSHOT_TTL_SECONDS * 1000;
    await this.grids.createSnapshot(this.kit.db, identifier, user.sub, query, GRID_SNAPSHOT_TTL_SECONDS);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.read',
      resourceType: 'library',
      resourceId: identifier,
      subjectId: user.sub,
      detail: { grid: query },
    });
    // Shared With Me (onlyShared, or one sharer's records): the records others share with the caller, by their live grants.
    const sharedBy = query.sharedByUserId && query.sharedByUserId !== user.sub ? query.sharedByUserId : null;
    const shared = query.onlyShared === true || !!sharedBy ? { byUserId: sharedBy } : undefined;
    const sharedWith = shared ? undefined : query.sharedWith;
    const build = this.build(
      identifier,
      { userId: user.sub, personId, onlyFavourites: query.onlyFavourites === true, shared, sharedWith },
      expiresAt,
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([build, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    return { identifier };
  }

  /** Builds every chunk, then marks the snapshot ready with its total; a failure marks it failed with the reason. Never throws. */
  async build(identifier: string, filter: GridFilter, expiresAt: number): Promise<void> {
    const writes: Array<Promise<void>> = [];
    try {
      const texts: string[] = [];
      let total = 0;
      let after: GridKey | null = null;
      for (;;) {
        const page = await this.grids.readPage(this.kit.db, filter, after, GRID_CHUNK_SIZE);
        if (!page.length) break;
        const text = JSON.stringify(page.map((row) => toGridRow(row, filter.userId)));
        texts.push(text);
        // A chunk is written while the next page is read (one write in flight, on another pooled connection); all are in before 'ready'.
        await writes[writes.length - 1];
        writes.push(this.grids.insertChunk(this.kit.db, identifier, total, page.length, text));
        total += page.length;
        if (page.length < GRID_CHUNK_SIZE) break;
        const last = page[page.length - 1];
        after = { created: last.key_created, id: last.id };
      }
      await Promise.all(writes);
      await this.grids.markReady(this.kit.db, identifier, total);
      this.cache.putSnapshot(
        identifier,
        filter.userId,
        expiresAt,
        texts.map((text, i) => chunkBody(text, (i + 1) * GRID_CHUNK_SIZE < total)),
      );
    } catch (err) {
      await Promise.allSettled(writes);
      logger.error({ err, identifier }, 'grid snapshot failed');
      await this.grids
        .markFailed(this.kit.db, identifier, 'the records could not be read')
        .catch((e) => logger.error({ err: e, identifier }, 'grid snapshot state not saved'));
    }
  }
}
