import { Inject, Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { BLOB_STORE, type BlobStore, type DicomPart, InjectContext, logger, readDicomUpload, SYSTEM_CALLER, type Tx, type UseCaseKit } from '@portal/server-kit';
import { StoreInstances } from '../store-instances/store-instances';

/** The documents of a delivery that imaging reads: DICOM Part 10 files and zip archives of them. */
export const DICOM_CONTENT_TYPES = ['application/dicom', 'application/zip'];
/** Blobs read at once: enough to hide the store's latency, few enough to bound memory. */
const READ_CONCURRENCY = 8;

/**
 * On `provider.records-submitted`: every DICOM document the facility delivered is read from the blob
 * store and stored for the patient, under the request, in the consumer's one transaction; then
 * `imaging.request-delivery-indexed` tells the requests context the delivery is in the library (also
 * when it held no DICOM). The provider checked each file by content on upload; one that still
 * cannot be read is left out (logged) rather than holding the whole delivery back forever.
 */
@Injectable()
export class IngestDelivery {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly storeInstances: StoreInstances,
  ) {}

  async execute(tx: Tx, e: EventPayloads['provider.records-submitted']): Promise<{ studies: number; instances: number; stored: number }> {
    const started = Date.now();
    const documents = e.documents.filter((d) => DICOM_CONTENT_TYPES.includes(d.contentType));
    const parts: DicomPart[] = [];
    const skipped: string[] = [];
    for (let i = 0; i < documents.length; i += READ_CONCURRENCY) {
      const read = await Promise.all(
        documents.slice(i, i + READ_CONCURRENCY).map(async (d) => {
          try {
            return readDicomUpload(await this.blobs.read(d.key), d.contentType, d.fileName);
          } catch (err) {
            logger.warn({ err: (err as Error).message, documentId: d.documentId, patientRequestId: e.patientRequestId }, 'delivered DICOM document left out');
            skipped.push(d.documentId);
            return [];
          }
        }),
      );
      for (const p of read) parts.push(...p);
    }
    const owner = { userId: e.userId, patientRequestId: e.patientRequestId };
    const result = await this.storeInstances.store(tx, owner, parts);
    await this.kit.events.record(tx, 'imaging.request-delivery-indexed', {
      patientRequestId: e.patientRequestId,
      userId: e.userId,
      studies: result.studies,
      instances: result.instances,
      at: new Date().toISOString(),
    });
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      action: 'imaging.delivery-indexed',
      resourceType: 'patient_request',
      resourceId: e.patientRequestId,
      subjectId: e.userId,
      detail: { documents: documents.length, skipped, ...result },
    });
    logger.info({ patientRequestId: e.patientRequestId, documents: documents.length, ...result, ms: Date.now() - started }, 'delivery indexed');
    return result;
  }
}
