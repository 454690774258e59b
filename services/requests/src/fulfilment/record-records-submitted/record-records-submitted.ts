import { Injectable } from '@nestjs/common';
import { type EventPayloads, REQUEST_STATUS } from '@portal/contracts';
import { InjectContext, SYSTEM_CALLER, type Tx, type UseCaseKit } from '@portal/server-kit';
import { PatientRequestRepository } from '../../patient-requests/patient-request.repository';
import { RequestStatusChanges } from '../request-status';

/**
 * On `provider.records-submitted`: 'Uploaded by external provider' and a timeline entry. Imaging
 * answers the same event with `imaging.request-delivery-indexed`, which may reach us first: a
 * completion at or after this submission is not undone.
 */
@Injectable()
export class RecordRecordsSubmitted {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly requests: PatientRequestRepository,
    private readonly statuses: RequestStatusChanges,
  ) {}

  async execute(tx: Tx, e: EventPayloads['provider.records-submitted']): Promise<void> {
    const request = await this.requests.lockForChange(tx, e.patientRequestId);
    if (!request) return;
    await this.requests.addTimelineEntry(tx, request.id, {
      event: 'RECORDS_SUBMITTED',
      at: e.submittedAt,
      detail: String(e.documents.length),
    });
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      action: 'requests.records-submitted-by-facility',
      resourceType: 'patient_request',
      resourceId: request.id,
      subjectId: request.user_id,
      detail: { documents: e.documents.length },
    });
    const completed = await this.requests.lastTimelineEvent(tx, request.id, ['COMPLETED']);
    if (completed && Date.parse(completed.at) >= Date.parse(e.submittedAt)) return;
    await this.statuses.move(tx, request, REQUEST_STATUS.UPLOADED_BY_EXTERNAL_PROVIDER, e.submittedAt);
  }
}
