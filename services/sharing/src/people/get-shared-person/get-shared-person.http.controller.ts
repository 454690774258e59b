import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, shareExpirySchema, SHARING_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetSharedPerson } from './get-shared-person';

@ApiTags('sharing')
@Controller()
export class GetSharedPersonController {
  constructor(private readonly person: GetSharedPerson) {}

  /** GET /api/sharing/people/{patient_portal_user_id}: SharedPersonDetails. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Get(apiRoute(SHARING_API.sharedPerson, 'id'))
  get(@CurrentUser() user: CurrentUserClaims, @Param('id') id: string) {
    return this.person.execute(user.sub, id);
  }

  /** PUT /api/sharing/people/{patient_portal_user_id}/expiry {expiresAt}: SharedPersonDetails. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Put(apiRoute(SHARING_API.sharedPersonExpiry, 'id'))
  expiry(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id') id: string,
    @Body(validate(shareExpirySchema)) body: InferType<typeof shareExpirySchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.person.setExpiry(user.sub, id, body, caller);
  }
}
