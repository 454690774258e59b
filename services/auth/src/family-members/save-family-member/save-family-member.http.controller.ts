import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, familyMemberSchema } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { SaveFamilyMember } from './save-family-member';

type FamilyMemberBody = InferType<typeof familyMemberSchema>;
const fields = (b: FamilyMemberBody) => ({
  firstName: b.firstName,
  lastName: b.lastName,
  relationshipTypeId: b.relationshipTypeId,
  relation: b.relation ?? null,
});

@ApiTags('identity')
@Controller()
export class SaveFamilyMemberController {
  constructor(private readonly saveFamilyMember: SaveFamilyMember) {}

  /** POST /api/myIdentity/familyMembers. */
  @ActFor('auth', 'EDIT_PERSONAL_INFO')
  @Post(apiRoute(AUTH_API.familyMembers))
  @HttpCode(201)
  add(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(familyMemberSchema)) body: FamilyMemberBody,
    @RequestCaller() caller: Caller,
  ) {
    return this.saveFamilyMember.execute(user.sub, fields(body), caller);
  }

  /** PUT /api/myIdentity/familyMembers/{id}. */
  @ActFor('auth', 'EDIT_PERSONAL_INFO')
  @Put(apiRoute(AUTH_API.familyMembers, 'id'))
  update(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id') id: string,
    @Body(validate(familyMemberSchema)) body: FamilyMemberBody,
    @RequestCaller() caller: Caller,
  ) {
    return this.saveFamilyMember.execute(user.sub, fields(body), caller, { existingId: id });
  }
}
