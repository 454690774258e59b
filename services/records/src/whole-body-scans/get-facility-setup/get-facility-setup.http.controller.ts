import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, PROVIDER_WHOLE_BODY_SCAN_API, type ProviderScanSetup } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { GetFacilitySetup } from './get-facility-setup';

@ApiTags('records')
@Controller()
export class GetFacilitySetupController {
  constructor(private readonly getFacilitySetup: GetFacilitySetup) {}

  /** GET /api/wholeBodyScanFacility/setup. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_WHOLE_BODY_SCAN_API.setup))
  get(@CurrentUser() user: CurrentUserClaims): Promise<ProviderScanSetup> {
    return this.getFacilitySetup.execute(user.sub);
  }
}
