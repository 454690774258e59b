import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { InjectContext, SYSTEM_CALLER, type Tx, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../library.repository';

/** What a patient opens in the browser: reports and other documents (DICOM is imaging's, as studies). */
export const isLibraryDocument = (contentType: string): boolean =>
  contentType === 'application/pdf' || contentType.startsWith('image/');

/**
 * On `provider.records-submitted`: each PDF or image the facility delivered becomes a document of the
 * request in the patient's library, next to its studies; the blob stays where the facility put it.
 */
@Injectable()
export class RecordDeliveredDocuments {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly library: LibraryRepository,
  ) {}

  async execute(tx: Tx, e: EventPayloads['provider.records-submitted']): Promise<void> {
    const docs = e.documents.filter((d) => isLibraryDocument(d.contentType));
    if (!docs.length) return;
    await this.library.insertDocuments(
      tx,
      e.userId,
      e.patientRequestId,
      e.submittedAt,
      docs.map((d) => ({
        id: d.documentId,
        documentRequestId: d.documentRequestId,
        documentRequestType: d.documentRequestType,
        fileName: d.fileName,
        key: d.key,
        contentType: d.contentType,
        size: d.size,
      })),
    );
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      action: 'records.documents-delivered',
      resourceType: 'patient_request',
      resourceId: e.patientRequestId,
      subjectId: e.userId,
      detail: { documents: docs.length },
    });
  }
}
