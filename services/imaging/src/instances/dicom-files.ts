import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type DicomHeader, type PortalConfig, resolveInside } from '@portal/server-kit';

/** DICOM Part 10 files on disk under <dataDir>/imaging, one per owner and SOP instance. */
@Injectable()
export class DicomFiles {
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
   * Writes an instance's bytes beside its key under a temporary name of its own, and answers that name:
   * `place` moves it to the key, `remove` drops it. Staged files are written before the owner's stores
   * are serialised, so only a rename is done under that lock; two stores of one instance never write
   * into the same file.
   */
  async stage(key: string, bytes: Buffer): Promise<string> {
    const temp = `${key}.${randomUUID()}.part`;
    const file = this.pathOf(temp);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, bytes);
    return temp;
  }

  /** Moves a staged file to its key (a rename in one directory: the file appears whole or not at all). */
  async place(temp: string, key: string): Promise<void> {
    await fs.promises.rename(this.pathOf(temp), this.pathOf(key));
  }

  read(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(key));
  }

  /** Removes a staged file, or a file placed for a batch that did not commit; an absent one is no error. */
  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
