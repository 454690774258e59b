import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type FamilyMemberOption, REQUESTS_API } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { ListFamilyMembers } from './list-family-members';

@ApiTags('requests')
@Controller()
export class WizardFamilyMembersController {
  constructor(private readonly listFamilyMembers: ListFamilyMembers) {}

  /** GET /api/requestRecord/getFamilyMembers (signed in): only the caller's own. */
  @ActFor('requests', 'REQUEST_RECORDS')
  @Get(apiRoute(REQUESTS_API.getFamilyMembers))
  list(@CurrentUser() user: CurrentUserClaims): Promise<FamilyMemberOption[]> {
    return this.listFamilyMembers.execute(user.sub);
  }
}
