import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  BILLING_API,
  changePlanSchema,
  type ProrationPreview,
  type SubscriptionOverview,
} from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { ChangePlan } from './change-plan';

type ChangePlanInput = InferType<typeof changePlanSchema>;

@ApiTags('subscription')
@Controller()
export class ChangePlanController {
  constructor(private readonly plans: ChangePlan) {}

  /** POST /api/subscription/previewPlanChange (the patient): the proration, before confirming. */
  @ApiOperation({ summary: 'What changing plan costs now' })
  @HttpCode(200)
  @Roles('PATIENT')
  @Post(apiRoute(BILLING_API.previewPlanChange))
  preview(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(changePlanSchema)) body: ChangePlanInput,
  ): Promise<ProrationPreview> {
    return this.plans.preview(user.sub, body.planId);
  }

  /** POST /api/subscription/changePlan (the patient): moves to the plan; the proration is charged at once. */
  @ApiOperation({ summary: 'Change plan' })
  @HttpCode(200)
  @Roles('PATIENT')
  @Post(apiRoute(BILLING_API.changePlan))
  change(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(changePlanSchema)) body: ChangePlanInput,
  ): Promise<SubscriptionOverview> {
    return this.plans.change(user.sub, body.planId);
  }
}
