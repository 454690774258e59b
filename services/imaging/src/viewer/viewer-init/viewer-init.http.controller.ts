import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  type ImageInterval,
  IMAGING_API,
  type ViewerInit as ViewerInitAnswer,
  viewerInitQuery,
} from '@portal/contracts';
import { Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { ViewerInit } from './viewer-init';

@ApiTags('imaging')
@Public()
@Controller()
export class ViewerInitController {
  constructor(private readonly viewerInit: ViewerInit) {}

  /** GET /api/imaging/viewer/init?token=: the interval, the DICOMweb root and what the token opens. */
  @Get(apiRoute(IMAGING_API.viewerInit))
  @ApiQuery({ name: 'token', required: false, description: 'A viewer token (image-viewer-token)' })
  init(
    @Query(validate(viewerInitQuery)) query: InferType<typeof viewerInitQuery>,
  ): Promise<ViewerInitAnswer> {
    return this.viewerInit.execute(query.token || undefined);
  }

  /** GET /api/imaging/viewer/imageInterval: {value} in ms between images while playing. */
  @Get(apiRoute(IMAGING_API.imageInterval))
  imageInterval(): ImageInterval {
    return this.viewerInit.interval();
  }
}
