import { Injectable } from '@nestjs/common';
import { GRID_CHUNK_SIZE } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { type ChunkRead, GridRepository } from '../grid.repository';
import { type ChunkEncoding, GridChunkCache } from '../grid-chunk.cache';
import { snapshotFailed, snapshotNotFound, snapshotNotReady } from '../library.errors';

/**
 * GET v2/myRecords/fetchData: rows [chunkOffset, chunkOffset + chunkSize) of the caller's snapshot, as
 * the JSON text of a GridChunk. An aligned chunk (offset a multiple of GRID_CHUNK_SIZE, size
 * GRID_CHUNK_SIZE) is the stored text as it is, never parsed; any other window is cut from the chunks
 * that cover it.
 */
@Injectable()
export class FetchGridChunk {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly grids: GridRepository,
    private readonly cache: GridChunkCache,
  ) {}

  /** The GridChunk's JSON; compressed (`encoding` set) when it comes from this process's cache and the caller accepts it. */
  async execute(
    userId: string,
    identifier: string,
    chunkSize: number,
    chunkOffset: number,
    accepted?: ChunkEncoding,
  ): Promise<{ body: string | Buffer; encoding?: ChunkEncoding }> {
    const aligned = chunkOffset % GRID_CHUNK_SIZE === 0 && chunkSize === GRID_CHUNK_SIZE;
    const cached = aligned ? this.cache.get(identifier, chunkOffset, userId, accepted) : undefined;
    if (cached) return { body: cached, encoding: accepted };
    return { body: await this.read(userId, identifier, chunkSize, chunkOffset, aligned) };
  }

  private async read(
    userId: string,
    identifier: string,
    chunkSize: number,
    chunkOffset: number,
    aligned: boolean,
  ): Promise<string> {
    const first = Math.floor(chunkOffset / GRID_CHUNK_SIZE) * GRID_CHUNK_SIZE;
    const stored = this.ready(await this.grids.readChunk(this.kit.db, identifier, userId, first));
    const end = chunkOffset + chunkSize;
    const hasMore = end < stored.total;
    if (aligned) return chunkBody(stored.rows ?? '[]', hasMore);
    if (chunkOffset >= stored.total) return chunkBody('[]', false);
    const chunks =
      end <= first + GRID_CHUNK_SIZE && stored.rows !== null
        ? [{ chunk_offset: first, rows: stored.rows }]
        : await this.grids.readChunks(this.kit.db, identifier, first, end);
    const rows = chunks
      .flatMap((c) => JSON.parse(c.rows) as unknown[])
      .slice(chunkOffset - first, end - first);
    return chunkBody(JSON.stringify(rows), hasMore);
  }

  private ready(read: ChunkRead | null): ChunkRead & { total: number } {
    if (!read) throw snapshotNotFound();
    if (read.status === 'failed') throw snapshotFailed(read.error);
    if (read.status !== 'ready' || read.total === null) throw snapshotNotReady();
    return read as ChunkRead & { total: number };
  }
}

/** A GridChunk's JSON around rows that are JSON already. */
export const chunkBody = (rowsJson: string, hasMore: boolean): string =>
  `{"rows":${rowsJson},"hasMore":${hasMore}}`;
