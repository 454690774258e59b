import { Injectable } from '@nestjs/common';
import {
  docRequestTypeName,
  type DocumentRequestRejection,
  REJECTION_REASON_NAMES,
  type RejectionReason,
} from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DataRequestRepository } from '../../data-requests/data-request.repository';
import { documentRequestOf, requestOfStaff } from '../../data-requests/staff-request';
import { alreadyRejected, alreadySubmitted } from '../../provider.errors';

export interface RejectInput {
  patientRequestId: string;
  documentRequestId: string;
  nrrType: RejectionReason;
  otherReason?: string | null;
}

/**
 * POST rejectDocumentRequest: the facility says why it cannot release one record type (a reason, a
 * note for OTHER). The requests context decides what that means for the request's status.
 */
@Injectable()
export class RejectDocumentRequest {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly dataRequests: DataRequestRepository,
  ) {}

  execute(staffUserId: string, input: RejectInput, caller: Caller): Promise<DocumentRequestRejection> {
    return this.kit.transaction(async (tx) => {
      const request = await requestOfStaff(this.dataRequests, tx, staffUserId, input.patientRequestId, true);
      const documentRequest = documentRequestOf(request, input.documentRequestId);
      if (request.uploaded_at) throw alreadySubmitted();
      if (documentRequest.rejection) throw alreadyRejected();
      const otherReason = input.nrrType === 'OTHER' ? (input.otherReason ?? null) : null;
      const at = new Date();
      const rejection: DocumentRequestRejection = {
        nrrType: input.nrrType,
        reason: otherReason ?? REJECTION_REASON_NAMES[input.nrrType],
        otherReason,
        rejectedAt: at.toISOString(),
      };
      await this.dataRequests.setRejection(tx, documentRequest.id, rejection);
      await this.dataRequests.addTimeline(
        tx,
        request.id,
        'REJECTED',
        at,
        `${docRequestTypeName(documentRequest.type)}: ${rejection.reason}`,
      );
      await this.kit.events.record(tx, 'provider.document-request-rejected', {
        patientRequestId: request.id,
        userId: request.patient_user_id,
        documentRequestId: documentRequest.id,
        documentRequestType: documentRequest.type,
        rejection,
      });
      await this.kit.audit.record(tx, caller, {
        action: 'provider.document-request-rejected',
        resourceType: 'document_request',
        resourceId: documentRequest.id,
        subjectId: request.patient_user_id,
        detail: { patientRequestId: request.id, nrrType: input.nrrType },
      });
      return rejection;
    });
  }
}
