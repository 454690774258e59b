import { Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, SHARING_API, VIEWER_TOKEN_HEADER, type ViewerDownload } from '@portal/contracts';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import { DownloadViewerStudies } from './download-viewer-studies';

@ApiTags('sharing')
@Controller()
export class DownloadViewerStudiesController {
  constructor(private readonly downloadViewerStudies: DownloadViewerStudies) {}

  /** POST /api/sharing/viewerLinks/{id}/downloadStudies: public route; the link's view token in the header is the proof. */
  @Public()
  @Post(apiRoute(SHARING_API.downloadViewerStudies, 'id'))
  @HttpCode(200)
  @ApiOperation({
    summary: 'Download studies of a link: isError, message, url of the streamed zip (records spec §7)',
  })
  @ApiHeader({ name: VIEWER_TOKEN_HEADER, required: true, description: 'a view token of this link' })
  @ApiOkResponse({ description: 'ViewerDownload' })
  download(
    @Param('id') id: string,
    @Headers(VIEWER_TOKEN_HEADER) token: string | undefined,
    @RequestCaller() caller: Caller,
  ): Promise<ViewerDownload> {
    return this.downloadViewerStudies.execute(id, token || undefined, caller);
  }
}
