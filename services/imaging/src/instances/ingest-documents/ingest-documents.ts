import { Inject, Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  dicomArchiveEntries,
  InjectContext,
  logger,
  SYSTEM_CALLER,
  type Tx,
  type UseCaseKit,
} from '@portal/server-kit';
import { StoreInstances, type StoreRun, type StoredBatch } from '../store-instances/store-instances';
import type { IndexedInstance } from '../dicom-index/index-dicom';
import { type FailedFile, indexFile, type NamedFile } from '../dicom-index/index-files';

/** The documents imaging reads: DICOM Part 10 files and zip archives of them. */
export const DICOM_CONTENT_TYPES = ['application/dicom', 'application/zip'];
/** Indexed bytes held before they are written and let go: a delivery of gigabytes is never whole in memory. */
const FLUSH_BYTES = 64 * 1024 * 1024;
/**
 * Where documents come from: a facility's delivery (`provider.records-submitted`) or the patient's own
 * upload (`records.self-upload-stored`). Both name the request, its owner and the documents in the blob store.
 */
export type IngestOrigin = 'delivery' | 'self-upload';
type Submission = Pick<
  EventPayloads['provider.records-submitted'] & EventPayloads['records.self-upload-stored'],
  'patientRequestId' | 'userId'
> & {
  documents: Array<
    Pick<
      EventPayloads['records.self-upload-stored']['documents'][number],
      'documentId' | 'key' | 'fileName' | 'contentType'
    >
  >;
};

const AUDIT_ACTION: Record<IngestOrigin, string> = {
  delivery: 'imaging.delivery-indexed',
  'self-upload': 'imaging.self-upload-indexed',
};

/**
 * On a delivery or a self upload: every DICOM document of it is read from the blob store and stored
 * for the patient, under the request, in the consumer's one transaction (StoreInstances announces each
 * study with `imaging.study-stored`, so the records context shows it). A delivery is then announced
 * with `imaging.request-delivery-indexed`, also when it held no DICOM, so the requests context can
 * complete the request. Each file, and each member of a zip, is indexed on its own: a damaged one is
 * left out and named (in the audit row's `failed` and the log) rather than holding the rest back.
 */
@Injectable()
export class IngestDocuments {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly storeInstances: StoreInstances,
  ) {}

  async execute(tx: Tx, origin: IngestOrigin, e: Submission): Promise<StoredBatch> {
    const started = Date.now();
    const documents = e.documents.filter((d) => DICOM_CONTENT_TYPES.includes(d.contentType));
    const owner = { userId: e.userId, patientRequestId: e.patientRequestId };
    const run = this.storeInstances.open(tx, owner);
    let result: StoredBatch;
    try {
      const batch = new Batch(run);
      // One document at a time, and a zip one entry at a time: what is in memory is one entry plus the batch.
      for (const d of documents) {
        try {
          await this.ingestDocument(d, batch);
        } catch (err) {
          batch.fail({ name: d.fileName, reason: (err as Error).message });
        }
      }
      result = await batch.finish(this.kit.events);
    } catch (err) {
      await run.discard();
      throw err;
    }
    const failed = result.failed;
    if (failed.length)
      logger.warn(
        { failed: failed.map((f) => f.name), patientRequestId: e.patientRequestId, origin },
        'DICOM files left out',
      );
    if (origin === 'delivery') {
      await this.kit.events.record(tx, 'imaging.request-delivery-indexed', {
        patientRequestId: e.patientRequestId,
        userId: e.userId,
        studies: result.studies,
        instances: result.instances,
        at: new Date().toISOString(),
      });
    }
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      action: AUDIT_ACTION[origin],
      resourceType: 'patient_request',
      resourceId: e.patientRequestId,
      subjectId: e.userId,
      detail: {
        documents: documents.length,
        studies: result.studies,
        instances: result.instances,
        stored: result.stored,
        failed,
      },
    });
    logger.info(
      {
        patientRequestId: e.patientRequestId,
        origin,
        documents: documents.length,
        stored: result.stored,
        failed: failed.length,
        ms: Date.now() - started,
      },
      'documents indexed',
    );
    return result;
  }

  /** A document's DICOM files into the batch: a Part 10 file itself, a zip's entries as they come out of it (or their failures). */
  private async ingestDocument(d: Submission['documents'][number], batch: Batch): Promise<void> {
    if (d.contentType !== 'application/zip')
      return batch.add({ name: d.fileName, bytes: await this.blobs.read(d.key) });
    await this.blobs.withLocalFile(d.key, async (file) => {
      for await (const entry of dicomArchiveEntries(file, d.fileName))
        await batch.add('failure' in entry ? { name: entry.name, reason: entry.failure } : entry);
    });
  }
}

/** Indexed parts gathered until FLUSH_BYTES, then stored and let go; failures kept by name. */
class Batch {
  private parts: IndexedInstance[] = [];
  private bytes = 0;
  private readonly failed: FailedFile[] = [];

  constructor(private readonly run: StoreRun) {}

  fail(f: FailedFile): void {
    this.failed.push(f);
  }

  async add(file: NamedFile | FailedFile): Promise<void> {
    const indexed = 'reason' in file ? file : await indexFile(file);
    if ('reason' in indexed) return this.fail(indexed);
    this.parts.push(indexed);
    this.bytes += indexed.bytes.length;
    if (this.bytes >= FLUSH_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    const parts = this.parts;
    this.parts = [];
    this.bytes = 0;
    await this.run.add(parts, this.failed.splice(0));
  }

  async finish(events: UseCaseKit['events']): Promise<StoredBatch> {
    await this.flush();
    return this.run.finish(events);
  }
}
