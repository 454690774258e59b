import { Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles } from '@portal/server-kit';
import { ListViewerLinks } from './list-viewer-links';

@ApiTags('sharing')
@Controller()
export class ListViewerLinksController {
  constructor(private readonly viewerLinks: ListViewerLinks) {}

  /** GET /api/sharing/viewerLinks: the owner's public links (ViewerLinkSummary[]). */
  @Roles('PATIENT')
  @Get('sharing/viewerLinks')
  list(@CurrentUser() user: CurrentUserClaims) {
    return this.viewerLinks.execute(user.sub);
  }

  /** DELETE /api/sharing/viewerLinks/{id}: the link stops working at once; 'OK'. */
  @Roles('PATIENT')
  @Delete('sharing/viewerLinks/:id')
  revoke(@CurrentUser() user: CurrentUserClaims, @Param('id') id: string, @RequestCaller() caller: Caller) {
    return this.viewerLinks.revoke(user.sub, id, caller);
  }
}
