import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FamilyMemberOption } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { ListFamilyMembers } from './list-family-members';

@ApiTags('requests')
@Controller('requestRecord')
export class WizardFamilyMembersController {
  constructor(private readonly listFamilyMembers: ListFamilyMembers) {}

  /** GET /api/requestRecord/getFamilyMembers (signed in): only the caller's own. */
  @Get('getFamilyMembers')
  list(@CurrentUser() user: CurrentUserClaims): Promise<FamilyMemberOption[]> {
    return this.listFamilyMembers.execute(user.sub);
  }
}
