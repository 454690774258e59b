import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, SHARING_API } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims, Roles } from '@portal/server-kit';
import { ListViewerLinks } from './list-viewer-links';

@ApiTags('sharing')
@Controller()
export class ListViewerLinksController {
  constructor(private readonly viewerLinks: ListViewerLinks) {}

  /** GET /api/sharing/viewerLinks: the owner's public links (ViewerLinkSummary[]). */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Get(apiRoute(SHARING_API.viewerLinks))
  list(@CurrentUser() user: CurrentUserClaims) {
    return this.viewerLinks.execute(user.sub);
  }
}
