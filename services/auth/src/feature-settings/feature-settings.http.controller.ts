import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FeatureSettings } from '@portal/contracts';
import { type ContextKit, InjectContext, Public } from '@portal/server-kit';
import { FeatureSettingEntity } from '../entities';

/** FEATURE_ENABLE_V2=false|true overrides the stored value for one process (used to run the legacy table). */
const envOverride = (name: string): boolean | undefined => {
  const raw = process.env[`FEATURE_${name.toUpperCase()}`];
  return raw === undefined ? undefined : raw === 'true';
};

@ApiTags('auth')
@Controller('featureSettings')
export class FeatureSettingsController {
  constructor(@InjectContext('auth') private readonly kit: ContextKit) {}

  /** GET /api/featureSettings: fetched by the shell at start; enable_v2 picks the route table. */
  @Public()
  @Get()
  async get(): Promise<FeatureSettings> {
    const rows = await this.kit.ds.getRepository(FeatureSettingEntity).find();
    const stored = Object.fromEntries(rows.map((r) => [r.name, r.value]));
    return { enable_v2: envOverride('enable_v2') ?? stored.enable_v2 ?? true };
  }
}
