import { Injectable } from '@nestjs/common';
import { docRequestTypeName, type EventPayloads, REQUEST_STATUS } from '@portal/contracts';
import { InjectContext, SYSTEM_CALLER, type Tx, type UseCaseKit } from '@portal/server-kit';
import { PatientRequestRepository } from '../../patient-requests/patient-request.repository';
import { RequestStatusChanges } from '../request-status';

/**
 * On `provider.document-request-rejection-cancelled`: the rejection is cleared and the timeline says
 * so. A 'Declined' request (every document request was rejected) is open again: back to 'New'.
 * Other statuses stay: cancelling a rejection does not undo records already submitted.
 */
@Injectable()
export class RecordRejectionCancelled {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly requests: PatientRequestRepository,
    private readonly statuses: RequestStatusChanges,
  ) {}

  async execute(tx: Tx, e: EventPayloads['provider.document-request-rejection-cancelled']): Promise<void> {
    const request = await this.requests.lockForChange(tx, e.patientRequestId);
    if (!request) return;
    if (!(await this.requests.setRejection(tx, request.id, e.documentRequestId, null))) return;
    await this.requests.addTimelineEntry(tx, request.id, {
      event: 'REJECTION_CANCELLED',
      at: e.at,
      detail: docRequestTypeName(e.documentRequestType),
    });
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      action: 'requests.document-request-rejection-cancelled',
      resourceType: 'document_request',
      resourceId: e.documentRequestId,
      subjectId: request.user_id,
      detail: { patientRequestId: request.id },
    });
    if (request.status === REQUEST_STATUS.DECLINED)
      await this.statuses.move(tx, request, REQUEST_STATUS.NEW, e.at);
  }
}
