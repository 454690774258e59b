import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/server-kit';
import { GetFeatureSettings } from './get-feature-settings';

@ApiTags('auth')
@Controller('featureSettings')
export class GetFeatureSettingsController {
  constructor(private readonly getFeatureSettings: GetFeatureSettings) {}

  /** GET /api/featureSettings. */
  @Public()
  @Get()
  get() {
    return this.getFeatureSettings.execute();
  }
}
