import { Injectable } from '@nestjs/common';
import { docRequestTypeName, type EventPayloads, REQUEST_STATUS } from '@portal/contracts';
import { InjectContext, SYSTEM_CALLER, type Tx, type UseCaseKit } from '@portal/server-kit';
import { PatientRequestRepository } from '../../patient-requests/patient-request.repository';
import { RequestStatusChanges } from '../request-status';

/**
 * On `provider.document-request-rejected`: the document request carries the facility's rejection, the
 * timeline says which record type and why, and once every document request of the request is
 * rejected the request is 'Declined'.
 */
@Injectable()
export class RecordRejection {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly requests: PatientRequestRepository,
    private readonly statuses: RequestStatusChanges,
  ) {}

  async execute(tx: Tx, e: EventPayloads['provider.document-request-rejected']): Promise<void> {
    const request = await this.requests.lockForChange(tx, e.patientRequestId);
    if (!request) return;
    if (!(await this.requests.setRejection(tx, request.id, e.documentRequestId, e.rejection))) return;
    const at = e.rejection.rejectedAt;
    await this.requests.addTimelineEntry(tx, request.id, {
      event: 'REJECTED',
      at,
      detail: `${docRequestTypeName(e.documentRequestType)}: ${e.rejection.reason}`,
    });
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      action: 'requests.document-request-rejected',
      resourceType: 'document_request',
      resourceId: e.documentRequestId,
      subjectId: request.user_id,
      detail: { patientRequestId: request.id, nrrType: e.rejection.nrrType },
    });
    const all = await this.requests.documentRequests(tx, request.id);
    if (all.every((d) => d.rejection)) await this.statuses.move(tx, request, REQUEST_STATUS.DECLINED, at);
  }
}
