import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { OpenFacilityAccount } from '../facility-accounts/open-facility-account/open-facility-account';

/** The one-time account of a facility a patient named (requests.unlisted-facility-requested). Each event applies once. */
@Injectable()
export class FacilityAccountConsumers implements OnModuleInit {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly openFacilityAccount: OpenFacilityAccount,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume(
      'facility-accounts',
      ['requests.unlisted-facility-requested'],
      ({ payload }, tx) => this.openFacilityAccount.execute(tx, payload),
    );
  }
}
