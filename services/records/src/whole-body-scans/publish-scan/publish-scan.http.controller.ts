import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  PROVIDER_WHOLE_BODY_SCAN_API,
  type PublishScanInput,
  publishScanSchema,
} from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { PublishScan } from './publish-scan';

@ApiTags('records')
@Controller()
export class PublishScanController {
  constructor(private readonly publishScan: PublishScan) {}

  /** POST /api/wholeBodyScanFacility: 201 {id}. */
  @Roles('EXTERNAL_PROVIDER')
  @Post(apiRoute(PROVIDER_WHOLE_BODY_SCAN_API.scans))
  publish(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(publishScanSchema)) body: PublishScanInput,
    @RequestCaller() caller: Caller,
  ): Promise<{ id: string }> {
    return this.publishScan.execute(user.sub, body, caller);
  }
}
