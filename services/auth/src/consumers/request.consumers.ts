import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { NameFromRequest } from '../persons/name-from-request/name-from-request';

/** What auth takes from the requests context: the name a new account holder gives their own first request. Each event applies once. */
@Injectable()
export class RequestConsumers implements OnModuleInit {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly nameFromRequest: NameFromRequest,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume(
      'holder-names',
      ['requests.patient-request-submitted'],
      async ({ payload }, tx) => {
        await this.nameFromRequest.execute(tx, payload);
      },
    );
  }
}
