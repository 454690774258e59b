import { Injectable } from '@nestjs/common';
import { type EventPayloads, isAwaitingPayment, REQUEST_STATUS } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { DataRequestRepository } from '../data-request.repository';

/**
 * On `requests.patient-request-status-changed`: the inbox shows the status the requests context
 * decided; the request's completion (imaging indexed what was submitted) joins the provider's timeline.
 * Issue 30: a request kept out of the inbox while its fee is not paid follows its payment status there,
 * and comes into the inbox once it moves on ('New': paid).
 */
@Injectable()
export class ApplyStatusChange {
  constructor(private readonly dataRequests: DataRequestRepository) {}

  async execute(tx: Tx, e: EventPayloads['requests.patient-request-status-changed']): Promise<void> {
    if (isAwaitingPayment(e.status)) {
      // The requests context never takes a request from its facility: only a kept one waits on.
      await this.dataRequests.setAwaitingStatus(tx, e.patientRequestId, e.status);
      return;
    }
    const paid = await this.dataRequests.releasePaid(tx, e.patientRequestId);
    if (paid) await this.dataRequests.insert(tx, { ...paid, status: e.status });
    if (!(await this.dataRequests.setStatus(tx, e.patientRequestId, e.status))) return;
    if (
      e.status === REQUEST_STATUS.COMPLETED &&
      !(await this.dataRequests.hasTimeline(tx, e.patientRequestId, 'COMPLETED'))
    ) {
      await this.dataRequests.addTimeline(tx, e.patientRequestId, 'COMPLETED', e.at);
    }
  }
}
