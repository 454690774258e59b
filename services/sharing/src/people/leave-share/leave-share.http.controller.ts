import { Controller, Delete, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, leaveShareParamsSchema, SHARING_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { LeaveShare } from './leave-share';

@ApiTags('sharing')
@Controller()
export class LeaveShareController {
  constructor(private readonly leaveShare: LeaveShare) {}

  /** DELETE /api/sharing/sharedWithMe/{ownerUserId}: the caller stops seeing what that owner shares with them; 'OK'. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @Delete(apiRoute(SHARING_API.leaveShare, 'ownerUserId'))
  leave(
    @CurrentUser() user: CurrentUserClaims,
    @Param(validate(leaveShareParamsSchema)) params: InferType<typeof leaveShareParamsSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<'OK'> {
    return this.leaveShare.execute(user.sub, params.ownerUserId, caller);
  }
}
