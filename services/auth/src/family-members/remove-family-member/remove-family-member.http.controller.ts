import { Controller, Delete, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API } from '@portal/contracts';
import { ActFor, type Caller, CurrentUser, type CurrentUserClaims, RequestCaller } from '@portal/server-kit';
import { RemoveFamilyMember } from './remove-family-member';

@ApiTags('identity')
@Controller()
export class RemoveFamilyMemberController {
  constructor(private readonly removeFamilyMember: RemoveFamilyMember) {}

  /** DELETE /api/myIdentity/familyMembers/{id}. */
  @ActFor('auth', 'EDIT_PERSONAL_INFO')
  @Delete(apiRoute(AUTH_API.familyMembers, 'id'))
  remove(@CurrentUser() user: CurrentUserClaims, @Param('id') id: string, @RequestCaller() caller: Caller) {
    return this.removeFamilyMember.execute(user.sub, id, caller);
  }
}
