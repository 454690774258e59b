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
import { pooled } from '../../pooled';
import { DicomFiles } from '../dicom-files';
import { type InstanceOwner, InstanceRepository } from '../instance.repository';
import type { IndexedInstance, InstanceAttributes } from '../dicom-index/index-dicom';
import { type FailedFile, indexFiles, type NamedFile } from '../dicom-index/index-files';
import { studyStoredFold } from './study-stored-fold';

/** Files written (or renamed) at once while storing a batch (the disk, not the CPU, is the limit). */
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
 * serialised from the first part on (a transaction advisory lock), and what would pass the owner's
 * storage quota is refused by name. Each part's file is written before that lock, under a temporary
 * name: under the lock go only the inserts and a rename per new instance, so one owner's parallel
 * STOW-RS requests write their files at the same time.
 */
export class StoreRun {
  private readonly studies = new Map<string, InstanceAttributes>();
  private readonly seen = new Set<string>();
  private readonly accepted: InstanceAttributes[] = [];
  private readonly failed: FailedFile[] = [];
  /** Room left in the owner's quota, measured under the lock on the first part. */
  private room: number | undefined;
  /** Temporary files not yet placed or removed. */
  private readonly staged = new Set<string>();
  /** Keys placed in this run: files to remove when its transaction does not commit. */
  private readonly placed: string[] = [];
  private stored = 0;

  constructor(
    private readonly tx: Tx,
    private readonly owner: InstanceOwner,
    private readonly quotaBytes: number,
    private readonly instances: InstanceRepository,
    private readonly files: DicomFiles,
  ) {}

  /** Indexes a batch of parts and keeps the new instances' files; `failed` are the batch's refusals so far. */
  async add(parts: IndexedInstance[], failed: FailedFile[] = []): Promise<void> {
    this.failed.push(...failed);
    // The same instance twice in one run (a file and a zip holding it) is one instance: within a batch
    // the last copy, across batches the one stored first.
    const candidates = [
      ...new Map(parts.map((part) => [part.attributes.sopInstanceUid, part])).values(),
    ].filter((p) => !this.seen.has(p.attributes.sopInstanceUid));
    const staged: Array<IndexedInstance & { fileKey: string; temp: string; sizeBytes: number }> = [];
    await pooled(candidates, WRITE_CONCURRENCY, async (p, k) => {
      const fileKey = this.files.keyOf(this.owner.userId, p.attributes);
      const temp = await this.files.stage(fileKey, p.bytes);
      this.staged.add(temp);
      staged[k] = { ...p, fileKey, temp, sizeBytes: p.bytes.length };
    });
    this.room ??= Math.max(
      0,
      this.quotaBytes - (await this.instances.lockOwnerAndMeasure(this.tx, this.owner.userId)),
    );
    const rows = [];
    const unused = [];
    for (const r of staged) {
      if (r.sizeBytes > this.room) {
        this.failed.push({
          name: r.name,
          reason: storageQuotaExceeded().message,
          instance: { sopClassUid: r.attributes.sopClassUid, sopInstanceUid: r.attributes.sopInstanceUid },
          outOfResources: true,
        });
        unused.push(r.temp);
        continue;
      }
      this.seen.add(r.attributes.sopInstanceUid);
      this.room -= r.sizeBytes;
      rows.push(r);
    }
    const inserted = rows.length
      ? await this.instances.insertMany(this.tx, rows, this.owner)
      : new Set<string>();
    const fresh = rows.filter((r) => inserted.has(r.attributes.sopInstanceUid));
    // An instance stored before keeps the file it has; the copy staged for it goes.
    unused.push(...rows.filter((r) => !inserted.has(r.attributes.sopInstanceUid)).map((r) => r.temp));
    await pooled(fresh, WRITE_CONCURRENCY, async (r) => {
      await this.files.place(r.temp, r.fileKey);
      this.staged.delete(r.temp);
      this.placed.push(r.fileKey);
    });
    await pooled(unused, WRITE_CONCURRENCY, async (temp) => {
      await this.files.remove(temp);
      this.staged.delete(temp);
    });
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
      const stored = {
        ...this.owner,
        studyInstanceUid: a.studyInstanceUid,
        modality: a.modality,
        studyDescription: a.studyDescription || `${a.modality} study`,
        studyDate: a.studyDate,
        numberOfInstances: totals.get(a.studyInstanceUid) ?? 0,
        instances,
      };
      await events.record(this.tx, 'imaging.study-stored', stored, studyStoredFold(stored));
    }
    return {
      studies: this.studies.size,
      instances: this.accepted.length,
      stored: this.stored,
      accepted: this.accepted,
      failed: this.failed,
    };
  }

  /** After a transaction that did not commit: its files go too (their rows never existed), staged or placed. */
  async discard(): Promise<void> {
    await Promise.all([...this.placed, ...this.staged].map((key) => this.files.remove(key)));
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
        run = this.open(tx, owner);
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

  /** A run in the caller's transaction (an upload's, a delivery's, a STOW-RS request's), within the owner's quota. */
  open(tx: Tx, owner: InstanceOwner): StoreRun {
    return new StoreRun(tx, owner, this.config.storageQuotaBytes, this.instances, this.files);
  }

  /** Stores parts in one go, in the caller's transaction. */
  async store(
    tx: Tx,
    owner: InstanceOwner,
    parts: IndexedInstance[],
    failed: FailedFile[] = [],
  ): Promise<StoredBatch> {
    const run = this.open(tx, owner);
    try {
      await run.add(parts, failed);
      return await run.finish(this.kit.events);
    } catch (e) {
      await run.discard();
      throw e;
    }
  }
}
