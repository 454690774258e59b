import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/server-kit';
import { SearchCustodians } from './search-custodians';

@ApiTags('requests')
@Controller('facility')
export class SearchCustodiansController {
  constructor(private readonly searchCustodians: SearchCustodians) {}

  /** GET /api/facility/getCustodians?filterStr=&zipCode=. */
  @Public()
  @Get('getCustodians')
  search(@Query('filterStr') filterStr?: string, @Query('zipCode') zipCode?: string) {
    return this.searchCustodians.execute(filterStr, zipCode);
  }
}
