import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  SMART_API,
  type SmartConsentDecision,
  smartConsentDecisionSchema,
} from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { requestIdParam } from '../show-consent/show-consent.http.controller';
import { AnswerConsent } from './answer-consent';

@ApiTags('smart')
@Controller()
export class AnswerConsentController {
  constructor(private readonly answerConsent: AnswerConsent) {}

  /** POST /api/smart/consent/{requestId}/decision: {redirectTo}, the app's redirect URI with a code or access_denied. */
  @Roles('PATIENT')
  @Post(apiRoute(SMART_API.consentDecision, 'requestId'))
  @HttpCode(200)
  decide(
    @Param('requestId', requestIdParam) requestId: string,
    @Body(validate(smartConsentDecisionSchema)) body: SmartConsentDecision,
    @CurrentUser() user: CurrentUserClaims,
    @RequestCaller() caller: Caller,
  ) {
    return this.answerConsent.execute(requestId, body, user, caller);
  }
}
