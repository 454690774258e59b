import * as fs from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CONFIG, type PortalConfig } from '@portal/server-kit';
import { readDicomHeader, type DicomHeader } from './dicom-index';

/** DICOM files on disk under .data/imaging, indexed in imaging.instances. */
@Injectable()
export class DicomStore {
  private readonly root: string;

  constructor(@Inject(CONFIG) config: PortalConfig) {
    this.root = path.join(config.dataDir, 'imaging');
  }

  /** Indexes and keeps one instance; storing the same SOP instance again changes nothing. */
  async store(tx: EntityManager, bytes: Buffer, owner: { userId: string; patientRequestId: string | null }): Promise<{ header: DicomHeader; created: boolean }> {
    const header = readDicomHeader(new Uint8Array(bytes));
    const key = path.join(header.studyInstanceUid, header.seriesInstanceUid, `${header.sopInstanceUid}.dcm`).replace(/[^\w./-]/g, '_');
    const inserted: unknown[] = await tx.query(
      `INSERT INTO imaging.instances (sop_instance_uid, study_instance_uid, series_instance_uid, user_id, patient_request_id, modality,
         study_description, study_date, series_number, instance_number, transfer_syntax, file_key, size_bytes)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) ON CONFLICT DO NOTHING RETURNING sop_instance_uid`,
      [header.sopInstanceUid, header.studyInstanceUid, header.seriesInstanceUid, owner.userId, owner.patientRequestId, header.modality,
        header.studyDescription, header.studyDate, header.seriesNumber, header.instanceNumber, header.transferSyntax, key, bytes.length],
    );
    if (inserted.length) {
      const file = path.join(this.root, key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, bytes);
    }
    return { header, created: inserted.length > 0 };
  }

  read(key: string): Promise<Buffer> {
    return fs.promises.readFile(path.join(this.root, key));
  }
}
