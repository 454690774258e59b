import { Injectable } from '@nestjs/common';
import type { LibraryAttachment } from '@portal/contracts';
import { toAttachment } from '../../attachments/owned-response';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../library.repository';
import { libraryDocumentNotFound } from '../library.errors';

/** GET patientRequest/{id}/documentRequests/{docReqId}/documents/{docId}: one document of the caller's request (anyone else: 404); audited. */
@Injectable()
export class GetRequestDocument {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly library: LibraryRepository,
  ) {}

  async execute(
    userId: string,
    ids: { patientRequestId: string; documentRequestId: string; documentId: string },
    caller: Caller,
  ): Promise<LibraryAttachment> {
    const doc = await this.library.findRequestDocument(
      this.kit.db,
      userId,
      ids.patientRequestId,
      ids.documentRequestId,
      ids.documentId,
    );
    if (!doc) throw libraryDocumentNotFound();
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.read',
      resourceType: 'document',
      resourceId: doc.id,
      subjectId: userId,
      detail: { patientRequestId: ids.patientRequestId },
    });
    return toAttachment(doc);
  }
}
