import { Injectable } from '@nestjs/common';
import { docRequestTypeName } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DataRequestRepository } from '../../data-requests/data-request.repository';
import { documentRequestOf, requestOfStaff } from '../../data-requests/staff-request';
import { alreadySubmitted, notRejected } from '../../provider.errors';

/** POST cancelDocumentRequestRejection: the facility takes its rejection back and may upload again. */
@Injectable()
export class CancelRejection {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly dataRequests: DataRequestRepository,
  ) {}

  execute(
    staffUserId: string,
    input: { patientRequestId: string; documentRequestId: string },
    caller: Caller,
  ): Promise<void> {
    return this.kit.transaction(async (tx) => {
      const request = await requestOfStaff(this.dataRequests, tx, staffUserId, input.patientRequestId, true);
      const documentRequest = documentRequestOf(request, input.documentRequestId);
      if (request.uploaded_at) throw alreadySubmitted();
      if (!documentRequest.rejection) throw notRejected();
      const at = new Date();
      await this.dataRequests.setRejection(tx, documentRequest.id, null);
      await this.dataRequests.addTimeline(
        tx,
        request.id,
        'REJECTION_CANCELLED',
        at,
        docRequestTypeName(documentRequest.type),
      );
      await this.kit.events.record(tx, 'provider.document-request-rejection-cancelled', {
        patientRequestId: request.id,
        userId: request.patient_user_id,
        documentRequestId: documentRequest.id,
        documentRequestType: documentRequest.type,
        at: at.toISOString(),
      });
      await this.kit.audit.record(tx, caller, {
        action: 'provider.document-request-rejection-cancelled',
        resourceType: 'document_request',
        resourceId: documentRequest.id,
        subjectId: request.patient_user_id,
        detail: { patientRequestId: request.id },
      });
    });
  }
}
