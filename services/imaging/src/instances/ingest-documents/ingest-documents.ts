import { Inject, Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { BLOB_STORE, type BlobStore, InjectContext, logger, SYSTEM_CALLER, type Tx, type UseCaseKit, unpackDicomArchive } from '@portal/server-kit';
import { type StoredBatch, StoreInstances } from '../store-instances/store-instances';
import { type FailedFile, indexFiles, type NamedFile } from '../dicom-index/index-files';

/** The documents imaging reads: DICOM Part 10 files and zip archives of them. */
export const DICOM_CONTENT_TYPES = ['application/dicom', 'application/zip'];
/** Blobs read at once: enough to hide the store's latency, few enough to bound memory. */
const READ_CONCURRENCY = 8;

/**
 * Where documents come from: a facility's delivery (`provider.records-submitted`) or the patient's own
 * upload (`records.self-upload-stored`). Both name the request, its owner and the documents in the blob store.
 */
export type IngestOrigin = 'delivery' | 'self-upload';
type Submission = Pick<EventPayloads['provider.records-submitted'] & EventPayloads['records.self-upload-stored'], 'patientRequestId' | 'userId'> & {
  documents: Array<Pick<EventPayloads['records.self-upload-stored']['documents'][number], 'documentId' | 'key' | 'fileName' | 'contentType'>>;
};

const AUDIT_ACTION: Record<IngestOrigin, string> = { delivery: 'imaging.delivery-indexed', 'self-upload': 'imaging.self-upload-indexed' };

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
    const files: NamedFile[] = [];
    const failed: FailedFile[] = [];
    for (let i = 0; i < documents.length; i += READ_CONCURRENCY) {
      const read = await Promise.all(
        documents.slice(i, i + READ_CONCURRENCY).map(async (d): Promise<NamedFile[]> => {
          try {
            const bytes = await this.blobs.read(d.key);
            return d.contentType === 'application/zip' ? unpackDicomArchive(bytes, d.fileName) : [{ name: d.fileName, bytes }];
          } catch (err) {
            failed.push({ name: d.fileName, reason: (err as Error).message });
            return [];
          }
        }),
      );
      for (const f of read) files.push(...f);
    }
    const { indexed, failed: damaged } = indexFiles(files);
    failed.push(...damaged);
    if (failed.length) logger.warn({ failed: failed.map((f) => f.name), patientRequestId: e.patientRequestId, origin }, 'DICOM files left out');
    const owner = { userId: e.userId, patientRequestId: e.patientRequestId };
    const result = await this.storeInstances.store(tx, owner, indexed, failed);
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
      detail: { documents: documents.length, studies: result.studies, instances: result.instances, stored: result.stored, failed },
    });
    logger.info({ patientRequestId: e.patientRequestId, origin, documents: documents.length, stored: result.stored, failed: failed.length, ms: Date.now() - started }, 'documents indexed');
    return result;
  }
}
