import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { GetFeatureSettings } from './get-feature-settings';

@ApiTags('auth')
@Controller()
export class GetFeatureSettingsController {
  constructor(private readonly getFeatureSettings: GetFeatureSettings) {}

  /** GET /api/featureSettings. */
  @Public()
  @Get(apiRoute(AUTH_API.featureSettings))
  get() {
    return this.getFeatureSettings.execute();
  }
}
