import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type CustodianDetails, custodianQuery, REQUESTS_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { LinkCustodian } from './link-custodian';

@ApiTags('requests')
@Controller()
export class LinkCustodianController {
  constructor(private readonly linkCustodian: LinkCustodian) {}

  /** GET /api/requestRecord/linkCustodian?custodianId= (signed in). */
  @Get(apiRoute(REQUESTS_API.linkCustodian))
  link(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(custodianQuery)) q: InferType<typeof custodianQuery>,
    @RequestCaller() caller: Caller,
  ): Promise<CustodianDetails> {
    return this.linkCustodian.execute(user.sub, q.custodianId, caller);
  }
}
