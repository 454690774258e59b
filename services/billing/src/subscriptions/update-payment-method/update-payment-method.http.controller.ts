import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, BILLING_API, type CheckoutStart } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { UpdatePaymentMethod } from './update-payment-method';

@ApiTags('subscription')
@Controller()
export class UpdatePaymentMethodController {
  constructor(private readonly update: UpdatePaymentMethod) {}

  /** POST /api/subscription/updatePaymentMethod (the patient): the processor's page to change the card. */
  @ApiOperation({ summary: 'Change or fix the card' })
  @HttpCode(200)
  @Roles('PATIENT')
  @Post(apiRoute(BILLING_API.updatePaymentMethod))
  run(@CurrentUser() user: CurrentUserClaims): Promise<CheckoutStart> {
    return this.update.execute(user.sub);
  }
}
