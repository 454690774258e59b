import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, SHARING_API } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { GetInvitation } from './get-invitation';

@ApiTags('sharing')
@Controller()
export class GetInvitationController {
  constructor(private readonly invitation: GetInvitation) {}

  /** GET /api/sharing/invitations/{token} (public): InvitationView. */
  @Public()
  @Get(apiRoute(SHARING_API.invitation, 'token'))
  get(@Param('token') token: string) {
    return this.invitation.execute(token);
  }
}
