import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/server-kit';
import { GetInvitation } from './get-invitation';

@ApiTags('sharing')
@Controller()
export class GetInvitationController {
  constructor(private readonly invitation: GetInvitation) {}

  /** GET /api/sharing/invitations/{token} (public): InvitationView. */
  @Public()
  @Get('sharing/invitations/:token')
  get(@Param('token') token: string) {
    return this.invitation.execute(token);
  }
}
