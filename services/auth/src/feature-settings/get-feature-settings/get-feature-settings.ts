import { Inject, Injectable } from '@nestjs/common';
import type { FeatureSettings } from '@portal/contracts';
import { CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { FeatureSettingRepository } from '../feature-setting.repository';

/** GET featureSettings: fetched by the shell at start; enable_v2 picks the route table. FEATURE_ENABLE_V2 overrides the stored value for one process. */
@Injectable()
export class GetFeatureSettings {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'featureOverrides'>,
    private readonly settings: FeatureSettingRepository,
  ) {}

  async execute(): Promise<FeatureSettings> {
    const stored = await this.settings.all(this.kit.db);
    return { enable_v2: this.config.featureOverrides.enable_v2 ?? stored.enable_v2 ?? true };
  }
}
