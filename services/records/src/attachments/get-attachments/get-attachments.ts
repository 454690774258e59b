import { Injectable } from '@nestjs/common';
import { SharedAccess } from '../../library/shared-access';
import type { LibraryAttachment } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { AttachmentRepository } from '../attachment.repository';
import { ownedResponse, toAttachment } from '../owned-response';

/**
 * GET {patientRequestId}/getAttachments/{responseId}: the attachments of an approved response of the
 * caller: for a study, its request's documents (reports first); for a document, itself. Audited.
 */
@Injectable()
export class GetAttachments {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly attachments: AttachmentRepository,
    private readonly shared?: SharedAccess,
  ) {}

  async execute(
    userId: string,
    patientRequestId: string,
    responseId: string,
    caller: Caller,
  ): Promise<LibraryAttachment[]> {
    const response = await ownedResponse(
      this.attachments,
      this.kit.db,
      userId,
      patientRequestId,
      responseId,
      this.shared,
    );
    const documents = response.document
      ? [response.document]
      : await this.attachments.listDocuments(this.kit.db, response.request.user_id, patientRequestId);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.attachments-read',
      resourceType: 'patient_request',
      resourceId: patientRequestId,
      subjectId: response.request.user_id,
      detail: { responseId, count: documents.length },
    });
    return documents.map((d) => toAttachment(d, response.request.user_id === userId));
  }
}
