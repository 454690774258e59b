import { Injectable } from '@nestjs/common';
import type { LibraryAttachment } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { type LibraryDocumentRow, LibraryRepository } from '../library.repository';
import { libraryDocumentNotFound } from '../library.errors';

/** A PDF of a REPORTS document request: the enhanced report can be made from it. */
export const toLibraryAttachment = (d: LibraryDocumentRow): LibraryAttachment => ({
  id: d.id,
  file_name: d.file_name,
  content_type: d.content_type,
  document_request_id: d.document_request_id,
  document_request_type: d.document_request_type,
  created: new Date(d.created_at).toISOString(),
  enhanceable: d.content_type === 'application/pdf' && d.document_request_type === 'REPORTS',
});

/** GET patientRequest/{id}/documentRequests/{docReqId}/documents/{docId}: one document of the caller's request (anyone else: 404); audited. */
@Injectable()
export class GetRequestDocument {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly library: LibraryRepository,
  ) {}

  async execute(userId: string, ids: { patientRequestId: string; documentRequestId: string; documentId: string }, caller: Caller): Promise<LibraryAttachment> {
    const doc = await this.library.findRequestDocument(this.kit.db, userId, ids.patientRequestId, ids.documentRequestId, ids.documentId);
    if (!doc) throw libraryDocumentNotFound();
    await this.kit.audit.record(this.kit.db, caller, { action: 'records.read', resourceType: 'document', resourceId: doc.id, subjectId: userId, detail: { patientRequestId: ids.patientRequestId } });
    return toLibraryAttachment(doc);
  }
}
