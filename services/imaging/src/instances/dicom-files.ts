import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CONFIG, type DicomHeader, logger, type PortalConfig, resolveInside } from '@portal/server-kit';

/** Where files are staged, under the root (so a rename places them): never a key's folder, which is an owner's id (a UUID). */
const STAGING = '_staging';
/** A staged file this old was left by a process that stopped before placing or removing it. */
const STALE_STAGED_MS = 60 * 60 * 1000;

/** DICOM Part 10 files on disk under <dataDir>/imaging, one per owner and SOP instance. */
@Injectable()
export class DicomFiles implements OnModuleInit {
  private readonly root: string;

  constructor(@Inject(CONFIG) config: Pick<PortalConfig, 'dataDir'>) {
    this.root = path.join(config.dataDir, 'imaging');
  }

  /**
   * Where an owner's instance is kept, relative to the root, made by the server: the owner's id and a
   * hash of the instance's UIDs, never the UIDs themselves (they come from the file). Per owner, since
   * two owners' copies of one SOP instance are two files (either may be removed alone); the same
   * instance stored again by its owner maps to the same key.
   */
  keyOf(
    ownerId: string,
    h: Pick<DicomHeader, 'studyInstanceUid' | 'seriesInstanceUid' | 'sopInstanceUid'>,
  ): string {
    const hash = createHash('sha256')
      .update(`${h.studyInstanceUid}\n${h.seriesInstanceUid}\n${h.sopInstanceUid}`)
      .digest('hex');
    return `${ownerId}/${hash.slice(0, 2)}/${hash}.dcm`;
  }

  /** The absolute path of a key (for ranged reads and streams); a key outside the root is refused. */
  pathOf(key: string): string {
    return resolveInside(this.root, key);
  }

  /**
   * Writes an instance's bytes under a temporary name of its own (in the staging folder) and answers
   * that name: `place` moves it to its key, `remove` drops it. Files are staged before the owner's stores
   * are serialised, so only a rename is done under that lock; two stores of one instance never write
   * into the same file, and a key holds a whole file or none.
   */
  async stage(key: string, bytes: Buffer): Promise<string> {
    this.pathOf(key); // refused now, before any byte is written, when it is not inside the root
    const temp = `${STAGING}/${randomUUID()}.part`;
    await fs.promises.writeFile(this.pathOf(temp), bytes);
    return temp;
  }

  /**
   * Moves a staged file to its key (a rename on one file system: the file appears whole or not at all).
   * The key's folder is made only when the rename finds it missing: a study's 300 files share a few
   * folders, and each call to the file system costs the event loop a round trip to its threads.
   */
  async place(temp: string, key: string): Promise<void> {
    const from = this.pathOf(temp);
    const to = this.pathOf(key);
    await fs.promises.rename(from, to).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await fs.promises.mkdir(path.dirname(to), { recursive: true });
      await fs.promises.rename(from, to);
    });
  }

  /** Clears staged files a stopped process left behind (a crash between staging and placing). */
  async onModuleInit(): Promise<void> {
    const staging = this.pathOf(STAGING);
    await fs.promises.mkdir(staging, { recursive: true });
    const before = Date.now() - STALE_STAGED_MS;
    let removed = 0;
    for (const name of await fs.promises.readdir(staging)) {
      const file = path.join(staging, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat || stat.mtimeMs >= before) continue;
      await fs.promises.rm(file, { force: true });
      removed++;
    }
    if (removed) logger.warn({ removed }, 'staged DICOM files left by a stopped process removed');
  }

  read(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(key));
  }

  /** Removes a staged file, or a file placed for a batch that did not commit; an absent one is no error. */
  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
