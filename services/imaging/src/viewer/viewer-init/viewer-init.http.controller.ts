import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { ImageInterval, ViewerInit as ViewerInitAnswer } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { ViewerInit } from './viewer-init';

@ApiTags('imaging')
@Public()
@Controller('imaging/viewer')
export class ViewerInitController {
  constructor(private readonly viewerInit: ViewerInit) {}

  /** GET /api/imaging/viewer/init?token=: the interval, the DICOMweb root and what the token opens. */
  @Get('init')
  @ApiQuery({ name: 'token', required: false, description: 'A viewer token (image-viewer-token)' })
  init(@Query('token') token?: string): Promise<ViewerInitAnswer> {
    return this.viewerInit.execute(typeof token === 'string' && token ? token : undefined);
  }

  /** GET /api/imaging/viewer/imageInterval: {value} in ms between images while playing. */
  @Get('imageInterval')
  imageInterval(): ImageInterval {
    return this.viewerInit.interval();
  }
}
