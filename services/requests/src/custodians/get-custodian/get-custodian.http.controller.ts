import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type CustodianDetails, custodianQuery, REQUESTS_API } from '@portal/contracts';
import { Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetCustodian } from './get-custodian';

@ApiTags('requests')
@Controller()
export class GetCustodianController {
  constructor(private readonly getCustodian: GetCustodian) {}

  /** GET /api/facility/getCustodiansDetails/{id}: the facility page. */
  @Public()
  @Get(apiRoute(REQUESTS_API.getCustodiansDetails, 'id'))
  get(@Param('id', new ParseUUIDPipe()) id: string): Promise<CustodianDetails> {
    return this.getCustodian.execute(id);
  }

  /** GET /api/requestRecord/getCustodian?custodianId=: the facility as the wizard shows it. */
  @Public()
  @Get(apiRoute(REQUESTS_API.getCustodian))
  forWizard(
    @Query(validate(custodianQuery)) query: InferType<typeof custodianQuery>,
  ): Promise<CustodianDetails> {
    return this.getCustodian.execute(query.custodianId);
  }
}
