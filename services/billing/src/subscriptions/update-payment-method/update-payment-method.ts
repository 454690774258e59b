import { Inject, Injectable } from '@nestjs/common';
import type { CheckoutStart } from '@portal/contracts';
import { CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { randomUUID } from 'node:crypto';
import { PAYMENT_PROCESSOR, type PaymentProcessor } from '../../processor/payment-processor';
import { OwnPlan } from '../own-plan';

/**
 * POST subscription/updatePaymentMethod: the processor's own page to change the card (the "fix card"
 * link of a past-due plan); it retries what is owed with the new card, and the webhooks bring the plan
 * back to active. Card numbers never pass through the portal.
 */
@Injectable()
export class UpdatePaymentMethod {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'publicUrl'>,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    private readonly own: OwnPlan,
  ) {}

  async execute(userId: string): Promise<CheckoutStart> {
    const row = await this.own.of(this.kit.db, userId);
    const id = randomUUID();
    const url = await this.processor.paymentMethodPage(
      row.customer_id,
      new URL('/subscription', this.config.publicUrl).toString(),
      `card:${id}`,
    );
    return { transactionId: id, url };
  }
}
