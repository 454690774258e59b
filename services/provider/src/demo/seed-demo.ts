import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, demoId, demoUserId, type PortalConfig, SYSTEM_CALLER } from '@portal/server-kit';
import { AssignStaff } from '../staff/assign-staff/assign-staff';

/** provider@example.com works for the demo facility St. Mary Imaging Center. */
@Injectable()
export class ProviderDemoSeed implements OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo'>,
    private readonly assignStaff: AssignStaff,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.assignStaff.execute(demoUserId('provider@example.com'), demoId('custodian:st-mary'), SYSTEM_CALLER);
  }
}
