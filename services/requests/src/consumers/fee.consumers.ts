import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { RecordFeeChange } from '../patient-requests/record-fee-change/record-fee-change';

/** Issue 30: a request to a facility that charges a fee follows billing's word on it. Each event applies once. */
@Injectable()
export class FeeConsumers implements OnModuleInit {
  constructor(
    @InjectContext('requests') private readonly kit: ContextKit,
    private readonly feeChange: RecordFeeChange,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume(
      'request-fee',
      ['billing.request-fee-changed'],
      ({ payload, occurredAt }, tx) => this.feeChange.execute(tx, payload, occurredAt),
    );
  }
}
