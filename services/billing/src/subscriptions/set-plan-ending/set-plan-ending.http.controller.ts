import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, BILLING_API, type SubscriptionOverview } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { SetPlanEnding } from './set-plan-ending';

@ApiTags('subscription')
@Controller()
export class SetPlanEndingController {
  constructor(private readonly ending: SetPlanEnding) {}

  /** POST /api/subscription/cancel (the patient): the plan ends at the end of the paid period. */
  @ApiOperation({ summary: 'Cancel at the end of the period' })
  @HttpCode(200)
  @Roles('PATIENT')
  @Post(apiRoute(BILLING_API.cancel))
  cancel(@CurrentUser() user: CurrentUserClaims): Promise<SubscriptionOverview> {
    return this.ending.execute(user.sub, true);
  }

  /** POST /api/subscription/resume (the patient): a plan set to end keeps renewing. */
  @ApiOperation({ summary: 'Resume a plan set to end' })
  @HttpCode(200)
  @Roles('PATIENT')
  @Post(apiRoute(BILLING_API.resume))
  resume(@CurrentUser() user: CurrentUserClaims): Promise<SubscriptionOverview> {
    return this.ending.execute(user.sub, false);
  }
}
