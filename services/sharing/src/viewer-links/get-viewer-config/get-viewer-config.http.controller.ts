import { Controller, Get, Headers, Param } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, type PublicViewerConfig, SHARING_API, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import { GetViewerConfig } from './get-viewer-config';

@ApiTags('sharing')
@Controller()
export class GetViewerConfigController {
  constructor(private readonly getViewerConfig: GetViewerConfig) {}

  /** GET /api/sharing/viewerLinks/{id}/config: public; the link id (and, for a password link, its view token) is the proof. */
  @Public()
  @Get(apiRoute(SHARING_API.viewerConfig, 'id'))
  @ApiOperation({
    summary: 'The public viewer config of a link (records spec §3); need_password only, before the password',
  })
  @ApiHeader({
    name: VIEWER_TOKEN_HEADER,
    required: false,
    description: 'a view token of this link (after the password)',
  })
  @ApiOkResponse({ description: 'PublicViewerConfig' })
  get(
    @Param('id') id: string,
    @Headers(VIEWER_TOKEN_HEADER) token: string | undefined,
    @RequestCaller() caller: Caller,
  ): Promise<PublicViewerConfig> {
    return this.getViewerConfig.execute(id, token || undefined, caller);
  }
}
