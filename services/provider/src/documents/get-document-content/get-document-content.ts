import { Inject, Injectable } from '@nestjs/common';
import { BLOB_STORE, type BlobStore, type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DataRequestRepository } from '../../data-requests/data-request.repository';
import { requestOfStaff } from '../../data-requests/staff-request';
import { documentNotFound, documentNotOpenable } from '../../provider.errors';
import { DocumentRepository, isOpenable } from '../document.repository';

export interface DocumentContent {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** GET provider/dataRequests/{id}/documents/{docId}: the bytes of an openable document (PDF, image). Audited. */
@Injectable()
export class GetDocumentContent {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly dataRequests: DataRequestRepository,
    private readonly documents: DocumentRepository,
  ) {}

  async execute(
    staffUserId: string,
    patientRequestId: string,
    documentId: string,
    caller: Caller,
  ): Promise<DocumentContent> {
    const request = await requestOfStaff(this.dataRequests, this.kit.db, staffUserId, patientRequestId);
    const document = await this.documents.find(this.kit.db, request.id, documentId);
    if (!document) throw documentNotFound();
    if (!isOpenable(document.content_type)) throw documentNotOpenable();
    const bytes = await this.blobs.read(document.blob_key);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'provider.document-read',
      resourceType: 'document',
      resourceId: document.id,
      subjectId: request.patient_user_id,
      detail: { patientRequestId },
    });
    return { bytes, contentType: document.content_type, fileName: document.file_name };
  }
}
