import { Inject, Injectable } from '@nestjs/common';
import { STUDY_STORED_INSTANCES_MAX } from '@portal/contracts';
import {
  type Caller,
  CONFIG,
  InjectContext,
  type PortalConfig,
  type Tx,
  type UseCaseKit,
} from '@portal/server-kit';
import { storageQuotaExceeded } from '../../imaging.errors';
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
  /** Files refused (damaged, not DICOM, past the storage quota), by name: the rest of the batch is stored all the same. */
  failed: FailedFile[];
}

/**
 * One store into an owner's library inside one transaction, fed part by part (a big upload is indexed
 * and written as it is unpacked, never whole in memory) and finished once. The owner's stores are
 * serialised while it runs, and what would pass the owner's storage quota is refused by name.
 */
export class StoreRun {
  private readonly studies = new Map<string, InstanceAttributes>();
  private readonly seen = new Set<string>();
  private readonly accepted: InstanceAttributes[] = [];
  private readonly failed: FailedFile[] = [];
  /** Keys written in this run: files to remove when its transaction does not commit. */
  readonly written: string[] = [];
  private stored = 0;

  constructor(
    private readonly tx: Tx,
    private readonly owner: InstanceOwner,
    private room: number,
    private readonly instances: InstanceRepository,
    private readonly files: DicomFiles,
  ) {}

  /** Indexes a batch of parts and writes the new instances' files; `failed` are the batch's refusals so far. */
  async add(parts: IndexedInstance[], failed: FailedFile[] = []): Promise<void> {
    this.failed.push(...failed);
    const rows = [];
    // The same instance twice in one run (a file and a zip holding it) is one instance: within a batch
    // the last copy, across batches the one stored first.
    for (const p of new Map(parts.map((part) => [part.attributes.sopInstanceUid, part])).values()) {
      if (this.seen.has(p.attributes.sopInstanceUid)) continue;
      if (p.bytes.length > this.room) {
        this.failed.push({
          name: p.name,
          reason: storageQuotaExceeded().message,
          instance: { sopClassUid: p.attributes.sopClassUid, sopInstanceUid: p.attributes.sopInstanceUid },
          outOfResources: true,
        });
        continue;
      }
      this.seen.add(p.attributes.sopInstanceUid);
      this.room -= p.bytes.length;
      rows.push({
        ...p,
        fileKey: this.files.keyOf(this.owner.userId, p.attributes),
        sizeBytes: p.bytes.length,
      });
    }
    const inserted = rows.length
      ? await this.instances.insertMany(this.tx, rows, this.owner)
      : new Set<string>();
    const fresh = rows.filter((r) => inserted.has(r.attributes.sopInstanceUid));
    for (let i = 0; i < fresh.length; i += WRITE_CONCURRENCY) {
      const slice = fresh.slice(i, i + WRITE_CONCURRENCY);
      this.written.push(...slice.map((r) => r.fileKey));
      await Promise.all(slice.map((r) => this.files.write(r.fileKey, r.bytes)));
    }
    this.stored += fresh.length;
    for (const r of rows) {
      this.accepted.push(r.attributes);
      if (!this.studies.has(r.attributes.studyInstanceUid))
        this.studies.set(r.attributes.studyInstanceUid, r.attributes);
    }
  }

  /** Announces every study touched with `imaging.study-stored` and its total instance count. */
  async finish(events: UseCaseKit['events']): Promise<StoredBatch> {
    const totals = this.studies.size
      ? await this.instances.countByStudies(this.tx, this.owner.userId, [...this.studies.keys()])
      : new Map<string, number>();
    for (const a of this.studies.values()) {
      // The instances this run added to the study, so the records context knows real key-image candidates.
      const instances = this.accepted
        .filter((i) => i.studyInstanceUid === a.studyInstanceUid)
        .slice(0, STUDY_STORED_INSTANCES_MAX)
        .map((i) => ({
          seriesInstanceUid: i.seriesInstanceUid,
          sopInstanceUid: i.sopInstanceUid,
          numberOfFrames: i.numberOfFrames,
          seriesDescription: i.seriesDescription,
          sopClassUid: i.sopClassUid,
          seriesNumber: i.seriesNumber,
          instanceNumber: i.instanceNumber,
          modality: i.modality,
        }));
      await events.record(this.tx, 'imaging.study-stored', {
        ...this.owner,
        studyInstanceUid: a.studyInstanceUid,
        modality: a.modality,
        studyDescription: a.studyDescription || `${a.modality} study`,
        studyDate: a.studyDate,
        numberOfInstances: totals.get(a.studyInstanceUid) ?? 0,
        instances,
      });
    }
    return {
      studies: this.studies.size,
      instances: this.accepted.length,
      stored: this.stored,
      accepted: this.accepted,
      failed: this.failed,
    };
  }

  /** After a transaction that did not commit: its files go too (their rows never existed). */
  async discard(): Promise<void> {
    await Promise.all(this.written.map((key) => this.files.remove(key)));
  }
}

/**
 * Stores DICOM Part 10 files for an owner: each is indexed on its own (a damaged file is named among
 * the failures, the others are stored), indexed once per owner and SOP instance and kept on disk under
 * a key the server makes; every study touched is announced with `imaging.study-stored` and its total
 * instance count, so the records context shows it (a study split across uploads is one study with all
 * its instances). Each owner has a storage quota (STORAGE_QUOTA_BYTES).
 */
@Injectable()
export class StoreInstances {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly instances: InstanceRepository,
    private readonly files: DicomFiles,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'storageQuotaBytes'>,
  ) {}

  async execute(owner: InstanceOwner, files: NamedFile[], caller: Caller): Promise<StoredBatch> {
    const { indexed, failed } = await indexFiles(files);
    let run: StoreRun | undefined;
    try {
      return await this.kit.transaction(async (tx) => {
        run = await this.open(tx, owner);
        await run.add(indexed, failed);
        const result = await run.finish(this.kit.events);
        await this.kit.audit.record(tx, caller, {
          action: 'imaging.instances-stored',
          resourceType: 'study',
          subjectId: owner.userId,
          detail: {
            studies: result.studies,
            stored: result.stored,
            failed: result.failed.map((f) => f.name),
          },
        });
        return result;
      });
    } catch (e) {
      await run?.discard();
      throw e;
    }
  }

  /** A run in the caller's transaction (an upload's, a delivery's, a STOW-RS request's), with the owner's room left. */
  async open(tx: Tx, owner: InstanceOwner): Promise<StoreRun> {
    const used = await this.instances.lockOwnerAndMeasure(tx, owner.userId);
    return new StoreRun(
      tx,
      owner,
      Math.max(0, this.config.storageQuotaBytes - used),
      this.instances,
      this.files,
    );
  }

  /** Stores parts in one go, in the caller's transaction. */
  async store(
    tx: Tx,
    owner: InstanceOwner,
    parts: IndexedInstance[],
    failed: FailedFile[] = [],
  ): Promise<StoredBatch> {
    const run = await this.open(tx, owner);
    try {
      await run.add(parts, failed);
      return await run.finish(this.kit.events);
    } catch (e) {
      await run.discard();
      throw e;
    }
  }
}
