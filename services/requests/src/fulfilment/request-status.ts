import { Injectable } from '@nestjs/common';
import { InjectContext, SYSTEM_CALLER, type Tx, type UseCaseKit } from '@portal/server-kit';
import {
  PatientRequestRepository,
  type RequestForChange,
} from '../patient-requests/patient-request.repository';

/**
 * The requests context owns a patient request's status: every change is stored, announced with
 * `requests.patient-request-status-changed` (the provider's inbox and the patient's library follow
 * it) and audited, all in the caller's transaction.
 */
@Injectable()
export class RequestStatusChanges {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly requests: PatientRequestRepository,
  ) {}

  /** Moves the request to `status`; nothing happens (false) when it is there already. */
  async move(tx: Tx, request: RequestForChange, status: string, at: string): Promise<boolean> {
    if (request.status === status) return false;
    const from = request.status;
    await this.requests.setStatus(tx, request.id, status);
    request.status = status;
    const documentRequests = await this.requests.documentRequests(tx, request.id);
    await this.kit.events.record(tx, 'requests.patient-request-status-changed', {
      patientRequestId: request.id,
      userId: request.user_id,
      status,
      at,
      documentRequests,
    });
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      action: 'requests.status-changed',
      resourceType: 'patient_request',
      resourceId: request.id,
      subjectId: request.user_id,
      detail: { from, to: status },
    });
    return true;
  }
}
