import * as zlib from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { GRID_CHUNK_SIZE } from '@portal/contracts';

export type ChunkEncoding = 'br' | 'gzip';

interface Entry {
  userId: string;
  expiresAt: number;
  body: Buffer;
  /** The body compressed, made once at the first call that accepts the encoding. */
  encoded: Partial<Record<ChunkEncoding, Buffer>>;
}

/** Fast settings: a chunk's JSON repeats itself, so even these shrink it about fourteenfold in ~2 ms. */
const compress: Record<ChunkEncoding, (b: Buffer) => Buffer> = {
  br: (b) =>
    zlib.brotliCompressSync(b, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length },
    }),
  gzip: (b) => zlib.gzipSync(b, { level: 1 }),
};

const accepts = (accept: string, name: ChunkEncoding): boolean =>
  accept.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return coding.trim() === name && (q === undefined || Number(q.slice(2)) > 0);
  });

/** br, else gzip, when the caller accepts it (`;q=0` refuses), as the gateway's edge chooses. */
export const chunkEncodingOf = (accept: string | undefined): ChunkEncoding | undefined =>
  !accept ? undefined : accepts(accept, 'br') ? 'br' : accepts(accept, 'gzip') ? 'gzip' : undefined;

/** How many bytes of finished chunk answers a process keeps (the oldest go first). */
export const GRID_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The answers of the aligned chunks of snapshots this process built, ready to send, so the fetchData
 * calls that follow a loadGrid cost no database read (reading a 400 KB text column through the pg
 * driver is most of a chunk's time). Only an optimisation: a miss (another process, an evicted or
 * older snapshot) reads the stored chunk; an entry answers only its owner and only until it expires.
 */
@Injectable()
export class GridChunkCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  budget = GRID_CACHE_BYTES;

  private static key(snapshotId: string, offset: number): string {
    return `${snapshotId}:${offset}`;
  }

  /** Keeps the GridChunk answers of a finished snapshot, chunk by chunk, within the budget. */
  putSnapshot(snapshotId: string, userId: string, expiresAt: number, bodies: string[]): void {
    bodies.forEach((text, i) => {
      const body = Buffer.from(text);
      if (body.length > this.budget) return;
      const key = GridChunkCache.key(snapshotId, i * GRID_CHUNK_SIZE);
      this.drop(key);
      while (this.bytes + body.length > this.budget) this.drop(this.entries.keys().next().value!);
      this.entries.set(key, { userId, expiresAt, body, encoded: {} });
      this.bytes += body.length;
    });
  }

  /** The answer of an aligned chunk of this user's live snapshot (compressed when an encoding is asked for), or undefined. */
  get(
    snapshotId: string,
    offset: number,
    userId: string,
    encoding?: ChunkEncoding,
    now = Date.now(),
  ): Buffer | undefined {
    const key = GridChunkCache.key(snapshotId, offset);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.drop(key);
      return undefined;
    }
    if (entry.userId !== userId) return undefined;
    if (!encoding) return entry.body;
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = compress[encoding](entry.body);
      entry.encoded[encoding] = encoded;
      this.bytes += encoded.length;
    }
    return encoded;
  }

  get size(): number {
    return this.bytes;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length + Object.values(entry.encoded).reduce((n, b) => n + b.length, 0);
  }
}
