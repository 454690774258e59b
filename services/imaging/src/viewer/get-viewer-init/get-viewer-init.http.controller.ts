import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ViewerInit, viewerInitQuery } from '@portal/contracts';
import { Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetViewerInit } from './get-viewer-init';

@ApiTags('imaging')
@Controller('imaging/viewer')
export class GetViewerInitController {
  constructor(private readonly getViewerInit: GetViewerInit) {}

  /** GET /api/imaging/viewer/init[?token=]: public; the token, when given, is only checked, never required. */
  @Public()
  @Get('init')
  @ApiOperation({ summary: 'Viewer init, with or without a viewer token (records spec §7)' })
  @ApiOkResponse({ description: '{ image_interval, dicomweb_root, studies, token_valid }' })
  get(@Query(validate(viewerInitQuery)) query: InferType<typeof viewerInitQuery>): Promise<ViewerInit> {
    return this.getViewerInit.execute(query.token || undefined);
  }
}
