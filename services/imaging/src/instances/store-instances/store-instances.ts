import { type Caller, type DicomHeader, type DicomPart, InjectContext, readDicomHeader, type Tx, type UseCaseKit } from '@portal/server-kit';
import { Injectable } from '@nestjs/common';
import { DicomFiles } from '../dicom-files';
import { type InstanceOwner, InstanceRepository } from '../instance.repository';

/** Files written at once while storing a batch (the disk, not the CPU, is the limit). */
const WRITE_CONCURRENCY = 16;

export interface StoredBatch {
  /** Studies the batch touched. */
  studies: number;
  /** Distinct instances in the batch (stored now or before). */
  instances: number;
  /** Instances stored now. */
  stored: number;
}

/**
 * Stores DICOM Part 10 files for an owner: each is parsed (a file that is not DICOM is refused and
 * nothing of the batch is kept), indexed once per SOP instance and kept on disk; every study touched
 * is announced with `imaging.study-stored` and its total instance count, so the records context shows it.
 */
@Injectable()
export class StoreInstances {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly instances: InstanceRepository,
    private readonly files: DicomFiles,
  ) {}

  async execute(owner: InstanceOwner, contents: Buffer[], caller: Caller): Promise<{ studies: number; stored: number }> {
    const parsed = contents.map((bytes) => ({ name: '', bytes, header: readDicomHeader(new Uint8Array(bytes)) }));
    return this.kit.transaction(async (tx) => {
      const { studies, stored } = await this.store(tx, owner, parsed);
      await this.kit.audit.record(tx, caller, { action: 'imaging.instances-stored', resourceType: 'study', subjectId: owner.userId, detail: { studies, stored } });
      return { studies, stored };
    });
  }

  /**
   * The storing itself, in the caller's transaction (an upload's, or a facility delivery's): the index
   * rows in batches, the new instances' files, one `imaging.study-stored` per study touched.
   */
  async store(tx: Tx, owner: InstanceOwner, parts: DicomPart[]): Promise<StoredBatch> {
    // The same instance twice in one batch (a file and a zip holding it) is one instance.
    const unique = [...new Map(parts.map((p) => [p.header.sopInstanceUid, p])).values()];
    const rows = unique.map((p) => ({ header: p.header, fileKey: this.files.keyOf(p.header), sizeBytes: p.bytes.length, bytes: p.bytes }));
    const inserted = await this.instances.insertMany(tx, rows, owner);
    const fresh = rows.filter((r) => inserted.has(r.header.sopInstanceUid));
    for (let i = 0; i < fresh.length; i += WRITE_CONCURRENCY) {
      await Promise.all(fresh.slice(i, i + WRITE_CONCURRENCY).map((r) => this.files.write(r.fileKey, r.bytes)));
    }
    const studies = new Map<string, DicomHeader>();
    for (const r of rows) if (!studies.has(r.header.studyInstanceUid)) studies.set(r.header.studyInstanceUid, r.header);
    const totals = studies.size ? await this.instances.countByStudies(tx, owner.userId, [...studies.keys()]) : new Map<string, number>();
    for (const header of studies.values()) {
      await this.kit.events.record(tx, 'imaging.study-stored', {
        ...owner,
        studyInstanceUid: header.studyInstanceUid,
        modality: header.modality,
        studyDescription: header.studyDescription || `${header.modality} study`,
        studyDate: header.studyDate,
        numberOfInstances: totals.get(header.studyInstanceUid) ?? 0,
      });
    }
    return { studies: studies.size, instances: rows.length, stored: fresh.length };
  }
}
