import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, BILLING_API, finishTransactionSchema, type TransactionResult } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { FinishTransaction } from './finish-transaction';

@ApiTags('subscription')
@Controller()
export class FinishTransactionController {
  constructor(private readonly finish: FinishTransaction) {}

  /** POST /api/subscription/finishTransaction (the payer): the outcome of a payment, asked of the processor. */
  @ApiOperation({ summary: 'The outcome of a payment made on the processor’s page' })
  @HttpCode(200)
  @Post(apiRoute(BILLING_API.finishTransaction))
  run(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(finishTransactionSchema)) body: InferType<typeof finishTransactionSchema>,
  ): Promise<TransactionResult> {
    return this.finish.execute(user.sub, body.transactionId);
  }
}
