import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { GetPerson } from './get-person';

@ApiTags('identity')
@Controller('myIdentity')
export class GetPersonController {
  constructor(private readonly getPerson: GetPerson) {}

  /** GET /api/myIdentity/getPerson?personId=&full=. */
  @Get('getPerson')
  get(@CurrentUser() user: CurrentUserClaims, @Query('personId') personId?: string, @Query('full') full?: string) {
    return this.getPerson.execute(user, personId, full === 'true');
  }
}
