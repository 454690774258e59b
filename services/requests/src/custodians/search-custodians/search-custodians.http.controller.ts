import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { custodianSearchQuery } from '@portal/contracts';
import { Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { SearchCustodians } from './search-custodians';

@ApiTags('requests')
@Controller('facility')
export class SearchCustodiansController {
  constructor(private readonly searchCustodians: SearchCustodians) {}

  /** GET /api/facility/getCustodians?filterStr=&zipCode=. */
  @Public()
  @Get('getCustodians')
  search(@Query(validate(custodianSearchQuery)) query: InferType<typeof custodianSearchQuery>) {
    return this.searchCustodians.execute(query.filterStr, query.zipCode);
  }
}
