import { Injectable } from '@nestjs/common';
import { type EventPayloads, REQUEST_STATUS } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { DataRequestRepository } from '../data-request.repository';

/**
 * On `requests.patient-request-status-changed`: the inbox shows the status the requests context
 * decided; the request's completion (imaging indexed what was submitted) joins the provider's timeline.
 */
@Injectable()
export class ApplyStatusChange {
  constructor(private readonly dataRequests: DataRequestRepository) {}

  async execute(tx: Tx, e: EventPayloads['requests.patient-request-status-changed']): Promise<void> {
    if (!(await this.dataRequests.setStatus(tx, e.patientRequestId, e.status))) return;
    if (
      e.status === REQUEST_STATUS.COMPLETED &&
      !(await this.dataRequests.hasTimeline(tx, e.patientRequestId, 'COMPLETED'))
    ) {
      await this.dataRequests.addTimeline(tx, e.patientRequestId, 'COMPLETED', e.at);
    }
  }
}
