import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { SearchStudies } from './search-studies';

@ApiTags('imaging')
@Controller('dicomweb')
export class SearchStudiesController {
  constructor(private readonly searchStudies: SearchStudies) {}

  /** GET /api/dicomweb/studies. */
  @Get('studies')
  search(@CurrentUser() user: CurrentUserClaims) {
    return this.searchStudies.execute(user.sub);
  }
}
