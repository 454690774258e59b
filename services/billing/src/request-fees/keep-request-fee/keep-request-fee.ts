import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { RequestFeeRepository } from '../request-fee.repository';

/**
 * A request submitted to a facility with a fee: billing keeps what is owed (the amount the facility
 * had set then), for the patient to pay with initializeOneTimeCharge. A request without a fee is none of billing's.
 */
@Injectable()
export class KeepRequestFee {
  constructor(private readonly fees: RequestFeeRepository) {}

  async execute(tx: Tx, e: EventEnvelope<'requests.patient-request-submitted'>): Promise<void> {
    const p = e.payload;
    if (!p.fee || p.fee.amountCents <= 0) return;
    await this.fees.keep(tx, {
      patient_request_id: p.patientRequestId,
      user_id: p.userId,
      custodian_name: p.custodianName,
      amount_cents: p.fee.amountCents,
      currency: p.fee.currency,
    });
  }
}
