import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, FAMILY_MEMBER_TYPES, type FamilyMember } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { ListFamilyMembers } from './list-family-members';

/** GET /api/familyMemberTypes: the relationships the spec offers. */
@ApiTags('identity')
@Controller()
export class FamilyMemberTypesController {
  @Get(apiRoute(AUTH_API.familyMemberTypes))
  list() {
    return FAMILY_MEMBER_TYPES;
  }
}

@ApiTags('identity')
@Controller()
export class ListFamilyMembersController {
  constructor(private readonly listFamilyMembers: ListFamilyMembers) {}

  /** GET /api/myIdentity/familyMembers: the signed-in user's own members, oldest first. */
  @ActFor('auth', 'EDIT_PERSONAL_INFO')
  @Get(apiRoute(AUTH_API.familyMembers))
  list(@CurrentUser() user: CurrentUserClaims): Promise<FamilyMember[]> {
    return this.listFamilyMembers.execute(user.sub);
  }
}
