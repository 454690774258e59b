import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { addPatientGroupSchema, apiRoute, type Group, GROUPS_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { AddPatientGroup } from './add-patient-group';

@ApiTags('groups')
@Controller()
export class AddPatientGroupController {
  constructor(private readonly addPatientGroup: AddPatientGroup) {}

  /** POST /api/groups/addPatientGroup (admin of the admin group): the new patient group. */
  @ApiOperation({ summary: 'Add a patient group to an admin group' })
  @Roles('MEDICAL_COORDINATOR', 'GROUP_ADMIN')
  @Post(apiRoute(GROUPS_API.addPatientGroup))
  add(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(addPatientGroupSchema)) body: InferType<typeof addPatientGroupSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<Group> {
    return this.addPatientGroup.execute(user.sub, body, caller);
  }
}
