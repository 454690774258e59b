import { Injectable } from '@nestjs/common';
import { type EventPayloads, REQUEST_STATUS } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { PatientRequestRepository } from '../../patient-requests/patient-request.repository';
import { RequestStatusChanges } from '../request-status';

/**
 * On `imaging.study-move-failed`: the facility's system could not deliver the study, so the request
 * goes to the facility's inbox as any other ('New'), with the reason on its timeline. Only a request
 * still waiting for its move changes (a late failure after completion changes nothing).
 */
@Injectable()
export class RecordStudyMoveFailed {
  constructor(
    private readonly requests: PatientRequestRepository,
    private readonly statuses: RequestStatusChanges,
  ) {}

  async execute(tx: Tx, e: EventPayloads['imaging.study-move-failed']): Promise<void> {
    const request = await this.requests.lockForChange(tx, e.patientRequestId);
    if (request?.status !== REQUEST_STATUS.PENDING_STUDY_MOVE) return;
    await this.requests.addTimelineEntry(tx, request.id, {
      event: 'STUDY_MOVE_FAILED',
      at: e.at,
      detail: e.reason.slice(0, 300),
    });
    await this.statuses.move(tx, request, REQUEST_STATUS.NEW, e.at);
  }
}
