import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  type Custodian,
  custodianSearchQuery,
  REQUESTS_API,
  wizardCustodiansQuery,
} from '@portal/contracts';
import { Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { SearchCustodians } from './search-custodians';

@ApiTags('requests')
@Controller()
export class SearchCustodiansController {
  constructor(private readonly searchCustodians: SearchCustodians) {}

  /** GET /api/facility/getCustodians?filterStr=&address=&zipCode=: the landing page's search. */
  @Public()
  @Get(apiRoute(REQUESTS_API.getCustodians))
  search(
    @Query(validate(custodianSearchQuery)) query: InferType<typeof custodianSearchQuery>,
  ): Promise<Custodian[]> {
    return this.searchCustodians.execute(query.filterStr, query.zipCode, query.address);
  }

  /** GET /api/requestRecord/getCustodians?filterStr=: changing the facility inside the wizard. */
  @Public()
  @Get(apiRoute(REQUESTS_API.wizardCustodians))
  forWizard(
    @Query(validate(wizardCustodiansQuery)) query: InferType<typeof wizardCustodiansQuery>,
  ): Promise<Custodian[]> {
    return this.searchCustodians.execute(query.filterStr);
  }
}
