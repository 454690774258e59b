import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  type FollowUpInput,
  followUpSchema,
  type FollowUpTask,
  WHOLE_BODY_SCAN_API,
} from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { followUpIdParam } from '../whole-body-scan-params';
import { UpdateFollowUp } from './update-follow-up';

@ApiTags('records')
@Controller()
export class UpdateFollowUpController {
  constructor(private readonly updateFollowUp: UpdateFollowUp) {}

  /** PATCH /api/wholeBodyScan/followUps/{taskId}: the task as it is now. */
  @Roles('PATIENT')
  @Patch(apiRoute(WHOLE_BODY_SCAN_API.followUp, 'taskId'))
  update(
    @CurrentUser() user: CurrentUserClaims,
    @Param('taskId', followUpIdParam) taskId: string,
    @Body(validate(followUpSchema)) body: FollowUpInput,
    @RequestCaller() caller: Caller,
  ): Promise<FollowUpTask> {
    return this.updateFollowUp.execute(user, taskId, body, caller);
  }
}
