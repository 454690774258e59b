import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, PENDING_APPROVAL_API, type PendingInvitation } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims } from '@portal/server-kit';
import { PendingInvitations } from './pending-invitations';

@ApiTags('groups')
@Controller()
export class PendingInvitationsController {
  constructor(private readonly pendingInvitations: PendingInvitations) {}

  /** GET /api/pendingApproval/loadGrid (any signed-in user): their invitations waiting for an answer. */
  @ApiOperation({ summary: "The caller's invitations waiting for an answer" })
  @Get(apiRoute(PENDING_APPROVAL_API.loadGrid))
  list(@CurrentUser() user: CurrentUserClaims): Promise<PendingInvitation[]> {
    return this.pendingInvitations.execute(user.sub);
  }
}
