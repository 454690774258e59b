import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { InjectContext, SYSTEM_CALLER, type Tx, type UseCaseKit } from '@portal/server-kit';
import { PatientRequestRepository } from '../../patient-requests/patient-request.repository';

/** On `provider.request-seen`: the patient's timeline shows when the facility first opened the request (once). */
@Injectable()
export class RecordRequestSeen {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly requests: PatientRequestRepository,
  ) {}

  /** Runs in the consumer's transaction, which also marks the event processed. */
  async execute(tx: Tx, e: EventPayloads['provider.request-seen']): Promise<void> {
    const request = await this.requests.lockForChange(tx, e.patientRequestId);
    if (!request) return;
    if (await this.requests.lastTimelineEvent(tx, request.id, ['SEEN_BY_FACILITY'])) return;
    await this.requests.addTimelineEntry(tx, request.id, { event: 'SEEN_BY_FACILITY', at: e.seenAt });
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      action: 'requests.seen-by-facility',
      resourceType: 'patient_request',
      resourceId: request.id,
      subjectId: request.user_id,
    });
  }
}
