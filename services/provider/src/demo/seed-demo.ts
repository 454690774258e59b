import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type ContextKit, demoId, demoUserId, InjectContext, seedDemoData } from '@portal/server-kit';

/** provider@example.com works for the demo facility St. Mary Imaging Center. */
@Injectable()
export class ProviderDemoSeed implements OnApplicationBootstrap {
  constructor(@InjectContext('provider') private readonly kit: ContextKit) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!seedDemoData()) return;
    await this.kit.ds.query(`INSERT INTO provider.staff (user_id, custodian_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      demoUserId('provider@example.com'),
      demoId('custodian:st-mary'),
    ]);
  }
}
