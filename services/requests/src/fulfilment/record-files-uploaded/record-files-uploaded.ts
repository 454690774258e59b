import { Injectable } from '@nestjs/common';
import type { EventPayloads, TimelineEvent } from '@portal/contracts';
import { InjectContext, SYSTEM_CALLER, type Tx, type UseCaseKit } from '@portal/server-kit';
import { PatientRequestRepository } from '../../patient-requests/patient-request.repository';

/** The entries after which a new upload is news to the patient again. */
const UPLOAD_BOUNDARIES: readonly TimelineEvent[] = [
  'SUBMITTED',
  'REJECTED',
  'REJECTION_CANCELLED',
  'RECORDS_SUBMITTED',
  'FILES_UPLOADED',
];

/**
 * On `provider.files-uploaded`: the first upload since the request was submitted (or since the last
 * submission of records or rejection change) becomes a timeline entry with its file count; the
 * batches that follow it do not, so a 300-file folder in batches of 20 is one entry, not fifteen.
 */
@Injectable()
export class RecordFilesUploaded {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly requests: PatientRequestRepository,
  ) {}

  async execute(tx: Tx, e: EventPayloads['provider.files-uploaded']): Promise<void> {
    const request = await this.requests.lockForChange(tx, e.patientRequestId);
    if (!request) return;
    const last = await this.requests.lastTimelineEvent(tx, request.id, UPLOAD_BOUNDARIES);
    if (last?.event === 'FILES_UPLOADED') return;
    await this.requests.addTimelineEntry(tx, request.id, {
      event: 'FILES_UPLOADED',
      at: e.at,
      detail: String(e.count),
    });
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      action: 'requests.files-uploaded-by-facility',
      resourceType: 'patient_request',
      resourceId: request.id,
      subjectId: request.user_id,
      detail: { documentRequestId: e.documentRequestId, count: e.count },
    });
  }
}
