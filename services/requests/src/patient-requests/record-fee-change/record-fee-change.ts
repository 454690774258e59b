import { Injectable } from '@nestjs/common';
import { type EventPayloads, isAwaitingPayment, REQUEST_STATUS } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { CustodianRepository } from '../../custodians/custodian.repository';
import { RequestStatusChanges } from '../../fulfilment/request-status';
import { PatientRequestRepository } from '../patient-request.repository';
import { SubmitPatientRequest } from '../submit-patient-request/submit-patient-request';

type FeeChanged = EventPayloads['billing.request-fee-changed'];

/** Where a request waits while its fee stands so (PAID: it goes to the facility, 'New'). */
export const STATUS_OF_FEE: Record<FeeChanged['status'], string> = {
  PENDING: REQUEST_STATUS.PENDING_PAYMENT,
  FAILED: REQUEST_STATUS.PENDING_PAYMENT,
  CLEARING: REQUEST_STATUS.PENDING_PAYMENT_CLEARANCE,
  PAID: REQUEST_STATUS.NEW,
};

/**
 * Issue 30, on `billing.request-fee-changed`: a request to a facility that charges a fee follows its
 * fee. PENDING and FAILED: 'Pending payment'; CLEARING: 'Pending payment clearance'; PAID: 'New', and
 * the facility gets what submission would have sent it. The fee event's version is kept on the request,
 * so a late or replayed older event changes nothing; and only a request still waiting for its fee moves
 * (the facility never loses a request it has).
 */
@Injectable()
export class RecordFeeChange {
  constructor(
    private readonly requests: PatientRequestRepository,
    private readonly custodians: CustodianRepository,
    private readonly statuses: RequestStatusChanges,
    private readonly submit: SubmitPatientRequest,
  ) {}

  /** `at`: when billing announced it (the status change's time). */
  async execute(tx: Tx, e: FeeChanged, at: string): Promise<void> {
    const request = await this.requests.lockForChange(tx, e.patientRequestId);
    if (!request) return;
    if (!(await this.requests.advanceFeeVersion(tx, request.id, e.version))) return;
    if (!isAwaitingPayment(request.status)) return;
    const status = STATUS_OF_FEE[e.status];
    if (!status || !(await this.statuses.move(tx, request, status, at))) return;
    if (status !== REQUEST_STATUS.NEW) return;
    const custodian = await this.custodians.findRow(tx, request.custodian_id, request.user_id);
    if (custodian) await this.submit.toFacility(tx, request.id, custodian, at);
  }
}
