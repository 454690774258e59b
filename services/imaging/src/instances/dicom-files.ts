import * as fs from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type PortalConfig } from '@portal/server-kit';
import type { DicomHeader } from '@portal/server-kit';

/** DICOM Part 10 files on disk under <dataDir>/imaging, one per SOP instance, by study and series. */
@Injectable()
export class DicomFiles {
  private readonly root: string;

  constructor(@Inject(CONFIG) config: Pick<PortalConfig, 'dataDir'>) {
    this.root = path.join(config.dataDir, 'imaging');
  }

  /**
   * Where an owner's instance is kept, relative to the root: per owner, since two owners' copies of one
   * SOP instance are two files (either may be removed alone). UIDs are digits and dots; anything else is replaced.
   */
  keyOf(ownerId: string, h: Pick<DicomHeader, 'studyInstanceUid' | 'seriesInstanceUid' | 'sopInstanceUid'>): string {
    return path.join(ownerId, h.studyInstanceUid, h.seriesInstanceUid, `${h.sopInstanceUid}.dcm`).replace(/[^\w./-]/g, '_');
  }

  /** The absolute path of a key (for ranged reads and streams). */
  pathOf(key: string): string {
    return path.join(this.root, key);
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const file = path.join(this.root, key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, bytes);
  }

  read(key: string): Promise<Buffer> {
    return fs.promises.readFile(path.join(this.root, key));
  }
}
