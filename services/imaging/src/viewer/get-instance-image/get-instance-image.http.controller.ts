import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { type InstanceImage, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import type { ReaderRequest } from '../../studies/study-access/study-access';
import { GetInstanceImage } from './get-instance-image';

@ApiTags('imaging')
@Controller('imaging/viewer')
export class GetInstanceImageController {
  constructor(private readonly getInstanceImage: GetInstanceImage) {}

  /** GET /api/imaging/viewer/studies/{study}/series/{series}/instances/{instance}/frames/{frame}: public route, the token (or a bearer) is checked by the use case. */
  @Public()
  @Get('studies/:study/series/:series/instances/:instance/frames/:frame')
  @ApiOperation({ summary: 'The instance image: one frame (numbered from 1) drawn as a PNG, base64 (records spec §7)' })
  @ApiHeader({ name: VIEWER_TOKEN_HEADER, required: false, description: 'a viewer token; a bearer token works too' })
  @ApiParam({ name: 'frame', description: 'frame number, from 1' })
  @ApiOkResponse({ description: '{ data }: PNG, base64' })
  get(@Req() req: ReaderRequest, @Param() path: { study: string; series: string; instance: string; frame: string }, @RequestCaller() caller: Caller): Promise<InstanceImage> {
    return this.getInstanceImage.execute(req, path, caller);
  }
}
