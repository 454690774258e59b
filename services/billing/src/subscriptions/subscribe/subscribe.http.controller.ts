import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, BILLING_API, type CheckoutStart, subscribeSchema } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { Subscribe } from './subscribe';

@ApiTags('subscription')
@Controller()
export class SubscribeController {
  constructor(private readonly subscribe: Subscribe) {}

  /** POST /api/subscription/subscribe (the patient): the processor's page to pay for a storage plan. */
  @ApiOperation({ summary: 'Start a storage plan' })
  @HttpCode(200)
  @Roles('PATIENT')
  @Post(apiRoute(BILLING_API.subscribe))
  run(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(subscribeSchema)) body: InferType<typeof subscribeSchema>,
  ): Promise<CheckoutStart> {
    return this.subscribe.execute(user.sub, body.planId);
  }
}
