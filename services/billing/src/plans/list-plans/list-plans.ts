import { Inject, Injectable } from '@nestjs/common';
import { STORAGE_PLAN_IDS, type StoragePlan } from '@portal/contracts';
import { PAYMENT_PROCESSOR, type PaymentProcessor } from '../../processor/payment-processor';
import { PLAN_CATALOGUE } from '../storage-plans';

/** GET subscription/plans: the plans with the processor's current price of each. */
@Injectable()
export class ListPlans {
  constructor(@Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor) {}

  async execute(): Promise<StoragePlan[]> {
    const plans: StoragePlan[] = [];
    for (const id of STORAGE_PLAN_IDS) {
      const { lookupKey, ...plan } = PLAN_CATALOGUE[id];
      plans.push({ ...plan, ...(await this.processor.priceOf(lookupKey)) });
    }
    return plans;
  }
}
