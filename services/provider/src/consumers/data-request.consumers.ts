import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { ReceiveDataRequest } from '../data-requests/receive-data-request/receive-data-request';

/** Fills the inbox from the requests context's events; each event applies once. */
@Injectable()
export class DataRequestConsumers implements OnModuleInit {
  constructor(
    @InjectContext('provider') private readonly kit: ContextKit,
    private readonly receiveDataRequest: ReceiveDataRequest,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('inbox', ['requests.patient-request-submitted'], ({ payload }, tx) => this.receiveDataRequest.execute(tx, payload));
  }
}
