import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, PROVIDER_WHOLE_BODY_SCAN_API, type ProviderScanListItem } from '@portal/contracts';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles } from '@portal/server-kit';
import { ListPublishedScans } from './list-published-scans';

@ApiTags('records')
@Controller()
export class ListPublishedScansController {
  constructor(private readonly listPublishedScans: ListPublishedScans) {}

  /** GET /api/wholeBodyScanFacility. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_WHOLE_BODY_SCAN_API.scans))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @RequestCaller() caller: Caller,
  ): Promise<ProviderScanListItem[]> {
    return this.listPublishedScans.execute(user.sub, caller);
  }
}
