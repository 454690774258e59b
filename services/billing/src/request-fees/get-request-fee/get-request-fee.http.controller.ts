import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, BILLING_API, type RequestFee, requestFeeQuerySchema } from '@portal/contracts';
import {
  CurrentUser,
  type CurrentUserClaims,
  InjectContext,
  Roles,
  type UseCaseKit,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { requestFeeNotFound } from '../../billing.errors';
import { RequestFeeRepository, toRequestFee } from '../request-fee.repository';

@ApiTags('subscription')
@Controller()
export class GetRequestFeeController {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    private readonly fees: RequestFeeRepository,
  ) {}

  /** GET /api/subscription/requestFee?patientRequestId= (the patient): the fee of one of their requests. */
  @ApiOperation({ summary: 'The fee of one of your requests' })
  @Roles('PATIENT')
  @Get(apiRoute(BILLING_API.requestFee))
  async get(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(requestFeeQuerySchema)) q: InferType<typeof requestFeeQuerySchema>,
  ): Promise<RequestFee> {
    const fee = await this.fees.own(this.kit.db, user.sub, q.patientRequestId);
    if (!fee) throw requestFeeNotFound();
    return toRequestFee(fee);
  }
}
