import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ImageInterval } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { GetImageInterval } from './get-image-interval';

@ApiTags('imaging')
@Controller('imaging/viewer')
export class GetImageIntervalController {
  constructor(private readonly getImageInterval: GetImageInterval) {}

  /** GET /api/imaging/viewer/imageInterval: public, the same for everyone. */
  @Public()
  @Get('imageInterval')
  @ApiOperation({ summary: 'The image interval: milliseconds between frames while playing' })
  @ApiOkResponse({ description: '{ value } in ms' })
  get(): ImageInterval {
    return this.getImageInterval.execute();
  }
}
