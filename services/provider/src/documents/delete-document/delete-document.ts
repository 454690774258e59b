import { Inject, Injectable } from '@nestjs/common';
import {
  BLOB_STORE,
  type BlobStore,
  type Caller,
  InjectContext,
  logger,
  type UseCaseKit,
} from '@portal/server-kit';
import { DataRequestRepository } from '../../data-requests/data-request.repository';
import { documentRequestOf, requestOfStaff } from '../../data-requests/staff-request';
import { alreadySubmitted, documentNotFound } from '../../provider.errors';
import { DocumentRepository } from '../document.repository';

export interface DeleteDocumentInput {
  patientRequestId: string;
  documentRequestId: string;
  documentId: string;
}

/** POST deleteDocument: removes an uploaded file before submission; the blob goes once the row is gone. */
@Injectable()
export class DeleteDocument {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly dataRequests: DataRequestRepository,
    private readonly documents: DocumentRepository,
  ) {}

  async execute(staffUserId: string, input: DeleteDocumentInput, caller: Caller): Promise<void> {
    const key = await this.kit.transaction(async (tx) => {
      const request = await requestOfStaff(this.dataRequests, tx, staffUserId, input.patientRequestId, true);
      documentRequestOf(request, input.documentRequestId);
      const document = await this.documents.find(tx, request.id, input.documentId);
      if (!document || document.document_request_id !== input.documentRequestId) throw documentNotFound();
      if (request.uploaded_at) throw alreadySubmitted();
      await this.documents.delete(tx, document.id);
      await this.kit.audit.record(tx, caller, {
        action: 'provider.document-deleted',
        resourceType: 'document',
        resourceId: document.id,
        subjectId: request.patient_user_id,
        detail: { patientRequestId: request.id, fileName: document.file_name },
      });
      return document.blob_key;
    });
    // After the commit: a failed transaction leaves the row and its bytes as they were.
    await this.blobs
      .remove(key)
      .catch((err: unknown) => logger.warn({ err, key }, 'blob of a deleted document not removed'));
  }
}
