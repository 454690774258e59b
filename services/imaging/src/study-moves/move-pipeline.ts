import type { IndexedInstance } from '../instances/dicom-index/index-dicom';
import type { RemoteInstance } from './wado-retrieve';

/** Instances stored per transaction (and per progress step); more arrive while one chunk is stored. */
const CHUNK = 48;
/** Chunks that may wait to be stored while one is written, before the reader waits too (memory: CHUNK x 0.5 MB each for a CT). */
const WAITING_CHUNKS = 1;

/** The listed instances by series, in the order the source listed them. */
export const bySeries = (instances: RemoteInstance[]): Array<{ series: string; sops: string[] }> => {
  const map = new Map<string, string[]>();
  for (const i of instances) map.set(i.series, [...(map.get(i.series) ?? []), i.sop]);
  return [...map].map(([series, sops]) => ({ series, sops }));
};

/**
 * At most `limit` tasks running at once: start() waits for room, then runs the task without waiting
 * for it; the first failure is thrown by the next start() or by drain().
 */
export class Bounded {
  private readonly running = new Set<Promise<void>>();
  private failure: unknown = null;

  constructor(private readonly limit: number) {}

  async start(task: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    if (this.failure) throw this.failure;
    const run: Promise<void> = task()
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async drain(): Promise<void> {
    await Promise.all(this.running);
    if (this.failure) throw this.failure;
  }
}

/**
 * Indexed instances gathered into chunks of CHUNK, each stored in a transaction of its own, one store
 * at a time, while the lanes go on fetching; a lane that fills a chunk waits only when another chunk
 * is still waiting to be stored (so at most two chunks are held besides the one being written).
 * `store` answers false when the move is no longer this process's.
 */
export class ChunkStore {
  private parts: IndexedInstance[] = [];
  private storing: Promise<boolean> = Promise.resolve(true);
  private waiting = 0;

  constructor(private readonly store: (parts: IndexedInstance[]) => Promise<boolean>) {}

  async add(part: IndexedInstance): Promise<void> {
    this.parts.push(part);
    if (this.parts.length < CHUNK) return;
    const stored = this.flush();
    if (this.waiting > WAITING_CHUNKS) await stored;
  }

  /** Stores what is left; false when a store found the move taken over. */
  finish(): Promise<boolean> {
    return this.flush();
  }

  private flush(): Promise<boolean> {
    const parts = this.parts.splice(0);
    this.waiting += 1;
    this.storing = this.storing.then(async (ok) => {
      try {
        return ok && parts.length ? await this.store(parts) : ok;
      } finally {
        this.waiting -= 1;
      }
    });
    // Awaited by a lane or by finish(); a failure after the lanes stopped is not unhandled.
    this.storing.catch(() => undefined);
    return this.storing;
  }
}
