import { type Caller, InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { Injectable } from '@nestjs/common';
import { DicomFiles } from '../dicom-files';
import { type InstanceOwner, InstanceRepository } from '../instance.repository';
import type { IndexedInstance, InstanceAttributes } from '../dicom-index/index-dicom';
import { type FailedFile, indexFiles, type NamedFile } from '../dicom-index/index-files';

/** Files written at once while storing a batch (the disk, not the CPU, is the limit). */
const WRITE_CONCURRENCY = 16;

export interface StoredBatch {
  /** Studies the batch touched. */
  studies: number;
  /** Distinct instances in the batch (stored now or before). */
  instances: number;
  /** Instances stored now. */
  stored: number;
  /** The instances of the batch that are in the store now (new or kept before). */
  accepted: InstanceAttributes[];
  /** Files refused (damaged, not DICOM), by name: the rest of the batch is stored all the same. */
  failed: FailedFile[];
}

/**
 * Stores DICOM Part 10 files for an owner: each is indexed on its own (a damaged file is named among
 * the failures, the others are stored), indexed once per owner and SOP instance and kept on disk;
 * every study touched is announced with `imaging.study-stored` and its total instance count, so the
 * records context shows it (a study split across uploads is one study with all its instances).
 */
@Injectable()
export class StoreInstances {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly instances: InstanceRepository,
    private readonly files: DicomFiles,
  ) {}

  async execute(owner: InstanceOwner, files: NamedFile[], caller: Caller): Promise<StoredBatch> {
    const { indexed, failed } = indexFiles(files);
    return this.kit.transaction(async (tx) => {
      const result = await this.store(tx, owner, indexed, failed);
      await this.kit.audit.record(tx, caller, {
        action: 'imaging.instances-stored',
        resourceType: 'study',
        subjectId: owner.userId,
        detail: { studies: result.studies, stored: result.stored, failed: failed.map((f) => f.name) },
      });
      return result;
    });
  }

  /**
   * The storing itself, in the caller's transaction (an upload's, or a facility delivery's): the index
   * rows in batches, the new instances' files, one `imaging.study-stored` per study touched.
   */
  async store(tx: Tx, owner: InstanceOwner, parts: IndexedInstance[], failed: FailedFile[] = []): Promise<StoredBatch> {
    // The same instance twice in one batch (a file and a zip holding it) is one instance.
    const unique = [...new Map(parts.map((p) => [p.attributes.sopInstanceUid, p])).values()];
    const rows = unique.map((p) => ({ ...p, fileKey: this.files.keyOf(owner.userId, p.attributes), sizeBytes: p.bytes.length }));
    const inserted = rows.length ? await this.instances.insertMany(tx, rows, owner) : new Set<string>();
    const fresh = rows.filter((r) => inserted.has(r.attributes.sopInstanceUid));
    for (let i = 0; i < fresh.length; i += WRITE_CONCURRENCY) {
      await Promise.all(fresh.slice(i, i + WRITE_CONCURRENCY).map((r) => this.files.write(r.fileKey, r.bytes)));
    }
    const studies = new Map<string, InstanceAttributes>();
    for (const r of rows) if (!studies.has(r.attributes.studyInstanceUid)) studies.set(r.attributes.studyInstanceUid, r.attributes);
    const totals = studies.size ? await this.instances.countByStudies(tx, owner.userId, [...studies.keys()]) : new Map<string, number>();
    for (const a of studies.values()) {
      await this.kit.events.record(tx, 'imaging.study-stored', {
        ...owner,
        studyInstanceUid: a.studyInstanceUid,
        modality: a.modality,
        studyDescription: a.studyDescription || `${a.modality} study`,
        studyDate: a.studyDate,
        numberOfInstances: totals.get(a.studyInstanceUid) ?? 0,
      });
    }
    return { studies: studies.size, instances: rows.length, stored: fresh.length, accepted: rows.map((r) => r.attributes), failed };
  }
}
