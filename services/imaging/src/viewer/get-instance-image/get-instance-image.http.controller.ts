import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { type InstanceImage, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import type { ReaderRequest } from '../../studies/study-access/study-access';
import { GetInstanceImage } from './get-instance-image';

@ApiTags('imaging')
@Public()
@Controller('imaging/viewer')
export class GetInstanceImageController {
  constructor(private readonly getInstanceImage: GetInstanceImage) {}

  /** GET /api/imaging/viewer/studies/{study}/series/{series}/instances/{sop}/frames/{frame}: {data} (base64 PNG). */
  @Get('studies/:study/series/:series/instances/:sop/frames/:frame')
  @ApiHeader({ name: VIEWER_TOKEN_HEADER, required: false })
  get(@Req() req: ReaderRequest, @Param('study') study: string, @Param('series') series: string, @Param('sop') sop: string, @Param('frame') frame: string): Promise<InstanceImage> {
    return this.getInstanceImage.execute(req, { study, series, sop, frame: /^\d{1,6}$/.test(frame) ? Number(frame) : NaN });
  }
}
