import { Injectable } from '@nestjs/common';
import type { TransactionResult } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { transactionNotFound } from '../../billing.errors';
import { OUTCOME_MESSAGE, PaymentOutcomes } from '../payment-outcomes';
import { TransactionRepository } from '../transaction.repository';

/**
 * POST subscription/finishTransaction: the payer is back from the processor's page. The outcome is
 * asked of the processor (never taken from the return URL, which anyone can type), applied like its
 * webhook would be, and told in the spec's three words: success (may take time to reflect), under
 * processing, or not successful.
 */
@Injectable()
export class FinishTransaction {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    private readonly transactions: TransactionRepository,
    private readonly outcomes: PaymentOutcomes,
  ) {}

  async execute(userId: string, transactionId: string): Promise<TransactionResult> {
    const t = await this.transactions.own(this.kit.db, userId, transactionId);
    if (!t?.session_id) throw transactionNotFound();
    const reading = await this.outcomes.read(t.session_id);
    const { outcome, mails } = await this.kit.transaction(async (tx) => {
      const locked = (await this.transactions.own(tx, userId, transactionId, true))!;
      return this.outcomes.apply(tx, locked, reading);
    });
    await this.outcomes.send(mails);
    return {
      transactionId: t.id,
      purpose: t.purpose,
      outcome,
      message: OUTCOME_MESSAGE[outcome],
      patientRequestId: t.patient_request_id,
      groupId: t.group_id,
    };
  }
}
