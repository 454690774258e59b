import { Controller, Delete, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, SHARING_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { RevokeViewerLink } from './revoke-viewer-link';

@ApiTags('sharing')
@Controller()
export class RevokeViewerLinkController {
  constructor(private readonly revokeViewerLink: RevokeViewerLink) {}

  /** DELETE /api/sharing/viewerLinks/{id}: the link stops working at once; 'OK'. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Delete(apiRoute(SHARING_API.viewerLink, 'id'))
  async revoke(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id') id: string,
    @RequestCaller() caller: Caller,
  ): Promise<'OK'> {
    await this.revokeViewerLink.execute(user.sub, id, caller);
    return 'OK';
  }
}
