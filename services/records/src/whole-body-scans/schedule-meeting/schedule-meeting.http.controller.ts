import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  PROVIDER_WHOLE_BODY_SCAN_API,
  type ScheduleMeetingInput,
  scheduleMeetingSchema,
} from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { consultationIdParam } from '../whole-body-scan-params';
import { ScheduleMeeting } from './schedule-meeting';

@ApiTags('records')
@Controller()
export class ScheduleMeetingController {
  constructor(private readonly scheduleMeeting: ScheduleMeeting) {}

  /** POST /api/wholeBodyScanFacility/consultations/{consultationId}/meetings: 201 {id, host_link}. */
  @Roles('EXTERNAL_PROVIDER')
  @Post(apiRoute(PROVIDER_WHOLE_BODY_SCAN_API.scheduleMeeting, 'consultationId'))
  schedule(
    @CurrentUser() user: CurrentUserClaims,
    @Param('consultationId', consultationIdParam) consultationId: string,
    @Body(validate(scheduleMeetingSchema)) body: ScheduleMeetingInput,
    @RequestCaller() caller: Caller,
  ): Promise<{ id: string; host_link: string }> {
    return this.scheduleMeeting.execute(user.sub, consultationId, body, caller);
  }
}
