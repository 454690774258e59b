import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { IngestDelivery } from '../instances/ingest-delivery/ingest-delivery';

/** The facility's deliveries: each submission of records is ingested once. */
@Injectable()
export class DeliveryConsumers implements OnModuleInit {
  constructor(
    @InjectContext('imaging') private readonly kit: ContextKit,
    private readonly ingest: IngestDelivery,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('deliveries', ['provider.records-submitted'], async ({ payload }, tx) => {
      await this.ingest.execute(tx, payload);
    });
  }
}
