import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, BILLING_API, type CheckoutStart, oneTimeChargeSchema } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { InitializeOneTimeCharge } from './initialize-one-time-charge';

@ApiTags('subscription')
@Controller()
export class InitializeOneTimeChargeController {
  constructor(private readonly charge: InitializeOneTimeCharge) {}

  /** POST /api/subscription/initializeOneTimeCharge (the patient): the processor's page for a request's fee. */
  @ApiOperation({ summary: 'Start paying a facility’s fee for one of your requests' })
  @HttpCode(200)
  @Roles('PATIENT')
  @Post(apiRoute(BILLING_API.initializeOneTimeCharge))
  run(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(oneTimeChargeSchema)) body: InferType<typeof oneTimeChargeSchema>,
  ): Promise<CheckoutStart> {
    return this.charge.execute(user.sub, body.patientRequestId);
  }
}
