import { Controller, Delete, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller } from '@portal/server-kit';
import { RemoveFamilyMember } from './remove-family-member';

@ApiTags('identity')
@Controller('myIdentity/familyMembers')
export class RemoveFamilyMemberController {
  constructor(private readonly removeFamilyMember: RemoveFamilyMember) {}

  /** DELETE /api/myIdentity/familyMembers/{id}. */
  @Delete(':id')
  remove(@CurrentUser() user: CurrentUserClaims, @Param('id') id: string, @RequestCaller() caller: Caller) {
    return this.removeFamilyMember.execute(user.sub, id, caller);
  }
}
