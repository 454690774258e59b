import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/server-kit';
import { GetCustodian } from './get-custodian';

@ApiTags('requests')
@Controller('facility')
export class GetCustodianController {
  constructor(private readonly getCustodian: GetCustodian) {}

  /** GET /api/facility/getCustodiansDetails/{id}. */
  @Public()
  @Get('getCustodiansDetails/:id')
  get(@Param('id', new ParseUUIDPipe()) id: string) {
    return this.getCustodian.execute(id);
  }
}
