import { Injectable } from '@nestjs/common';
import type { IdentifierAnswer } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { SharedAccess } from '../../library/shared-access';
import { AttachmentRepository } from '../attachment.repository';
import { DownloadIdentifiers } from '../download-identifiers';
import { readableAttachment } from '../owned-response';

/**
 * GET {patientRequestId}/getAttachmentContent/{attachmentId}: a download identifier for one document of
 * a request the caller may read (their own, or one shared with them: the same rule as GetAttachments).
 * Audited, with the document's owner as the subject.
 */
@Injectable()
export class GetAttachmentContent {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly attachments: AttachmentRepository,
    private readonly identifiers: DownloadIdentifiers,
    private readonly shared?: SharedAccess,
  ) {}

  async execute(
    userId: string,
    patientRequestId: string,
    attachmentId: string,
    caller: Caller,
  ): Promise<IdentifierAnswer> {
    const { request, document: doc } = await readableAttachment(
      this.attachments,
      this.kit.db,
      userId,
      patientRequestId,
      attachmentId,
      this.shared,
    );
    const answer = await this.identifiers.issue(this.kit.db, userId, {
      blobKey: doc.blob_key,
      fileName: doc.file_name,
      contentType: doc.content_type,
    });
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.attachment-opened',
      resourceType: 'document',
      resourceId: doc.id,
      subjectId: request.user_id,
      detail: { patientRequestId },
    });
    return answer;
  }
}
