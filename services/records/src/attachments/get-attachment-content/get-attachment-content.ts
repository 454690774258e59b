import { Injectable } from '@nestjs/common';
import type { IdentifierAnswer } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { AttachmentRepository } from '../attachment.repository';
import { attachmentNotFound, recordNotFound } from '../attachments.errors';
import { DownloadIdentifiers } from '../download-identifiers';

/** GET {patientRequestId}/getAttachmentContent/{attachmentId}: a download identifier for one document of the caller's request. Audited. */
@Injectable()
export class GetAttachmentContent {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly attachments: AttachmentRepository,
    private readonly identifiers: DownloadIdentifiers,
  ) {}

  async execute(userId: string, patientRequestId: string, attachmentId: string, caller: Caller): Promise<IdentifierAnswer> {
    if (!(await this.attachments.findOwnedRequest(this.kit.db, userId, patientRequestId))) throw recordNotFound();
    const doc = await this.attachments.findDocument(this.kit.db, userId, patientRequestId, attachmentId);
    if (!doc) throw attachmentNotFound();
    const answer = await this.identifiers.issue(this.kit.db, userId, { blobKey: doc.blob_key, fileName: doc.file_name, contentType: doc.content_type });
    await this.kit.audit.record(this.kit.db, caller, { action: 'records.attachment-opened', resourceType: 'document', resourceId: doc.id, subjectId: userId, detail: { patientRequestId } });
    return answer;
  }
}
