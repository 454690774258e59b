import { Injectable } from '@nestjs/common';
import type { CheckoutStart } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { feeNotDue, requestFeeNotFound } from '../../billing.errors';
import { RequestFeeRepository } from '../../request-fees/request-fee.repository';
import { CheckoutStarter } from '../start-checkout';

/**
 * POST subscription/initializeOneTimeCharge: the patient pays a facility's fee for one of their own
 * requests on the processor's page. The amount is the one the request was submitted with, never the
 * client's; a fee paid or settling cannot be paid again.
 */
@Injectable()
export class InitializeOneTimeCharge {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    private readonly fees: RequestFeeRepository,
    private readonly checkout: CheckoutStarter,
  ) {}

  async execute(userId: string, patientRequestId: string): Promise<CheckoutStart> {
    const fee = await this.fees.own(this.kit.db, userId, patientRequestId);
    if (!fee) throw requestFeeNotFound();
    if (fee.status === 'PAID' || fee.status === 'CLEARING') throw feeNotDue();
    return this.checkout.start({
      payer: userId,
      owner: { type: 'user', id: userId },
      mode: 'payment',
      lines: [
        {
          amount: {
            cents: fee.amount_cents,
            currency: fee.currency,
            name: `Records request fee: ${fee.custodian_name}`,
          },
          quantity: 1,
        },
      ],
      transaction: { purpose: 'request-fee', patient_request_id: patientRequestId },
      started: (tx, transactionId) => this.fees.attach(tx, patientRequestId, transactionId),
    });
  }
}
