import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { IngestDocuments } from '../instances/ingest-documents/ingest-documents';

/** DICOM documents that enter the library: a facility's delivery and a patient's own upload, each ingested once. */
@Injectable()
export class IngestConsumers implements OnModuleInit {
  constructor(
    @InjectContext('imaging') private readonly kit: ContextKit,
    private readonly ingest: IngestDocuments,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('deliveries', ['provider.records-submitted'], async ({ payload }, tx) => {
      await this.ingest.execute(tx, 'delivery', payload);
    });
    await this.kit.events.consume('self-uploads', ['records.self-upload-stored'], async ({ payload }, tx) => {
      await this.ingest.execute(tx, 'self-upload', payload);
    });
  }
}
