import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type ConsultationInput, consultationSchema, WHOLE_BODY_SCAN_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { RequestConsultation } from './request-consultation';

@ApiTags('records')
@Controller()
export class RequestConsultationController {
  constructor(private readonly requestConsultation: RequestConsultation) {}

  /** POST /api/wholeBodyScan/requestConsultation: 201 {id}. */
  @Roles('PATIENT')
  @Post(apiRoute(WHOLE_BODY_SCAN_API.requestConsultation))
  request(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(consultationSchema)) body: ConsultationInput,
    @RequestCaller() caller: Caller,
  ): Promise<{ id: string }> {
    return this.requestConsultation.execute(user, body, caller);
  }
}
