import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, removeAccessSchema, SHARING_API } from '@portal/contracts';
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
import { RemoveAccess } from './remove-access';

@ApiTags('sharing')
@Controller()
export class RemoveAccessController {
  constructor(private readonly removeAccess: RemoveAccess) {}

  /** PUT /api/removeAccess/{patient_portal_user_id} {study_uuid, document_id}: 'OK'. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Put(apiRoute(SHARING_API.removeAccess, 'id'))
  remove(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id') id: string,
    @Body(validate(removeAccessSchema)) body: InferType<typeof removeAccessSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.removeAccess.execute(user.sub, id, body, caller);
  }

  /** PUT /api/removeSharedUser/{patient_portal_user_id}: the person is no longer shared with; 'OK'. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Put(apiRoute(SHARING_API.removeSharedUser, 'id'))
  removePerson(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id') id: string,
    @RequestCaller() caller: Caller,
  ) {
    return this.removeAccess.removePerson(user.sub, id, caller);
  }
}
