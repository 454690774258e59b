import { Controller, Get, Param } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { apiRoute, IMAGING_API, type InstanceImage, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { Reader } from '../../studies/reader/reader.decorator';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { GetInstanceImage } from './get-instance-image';

@ApiTags('imaging')
@Public()
@Controller()
export class GetInstanceImageController {
  constructor(private readonly getInstanceImage: GetInstanceImage) {}

  /** GET /api/imaging/viewer/studies/{study}/series/{series}/instances/{sop}/frames/{frame}: {data} (base64 PNG). */
  @Get(apiRoute(IMAGING_API.instanceImage, 'study', 'series', 'sop', 'frame'))
  @ApiHeader({ name: VIEWER_TOKEN_HEADER, required: false })
  get(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('sop') sop: string,
    @Param('frame') frame: string,
  ): Promise<InstanceImage> {
    return this.getInstanceImage.execute(reader, {
      study,
      series,
      sop,
      frame: /^\d{1,6}$/.test(frame) ? Number(frame) : NaN,
    });
  }
}
