import type { Readable } from 'node:stream';
import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, DICOMWEB_API } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { Reader } from '../../studies/reader/reader.decorator';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { RetrieveSeriesPixelData } from './retrieve-series-pixel-data';

/** WADO-RS series pixel data, for a bearer user or an image-viewer-token (StudyAccess). */
@ApiTags('dicomweb')
@Public()
@Controller()
export class RetrieveSeriesPixelDataController {
  constructor(private readonly retrieve: RetrieveSeriesPixelData) {}

  /** GET /api/dicomweb/studies/{study}/series/{series}/pixeldata. */
  @Get(apiRoute(DICOMWEB_API.retrieveSeriesPixelData, 'study', 'series'))
  @ApiOkResponse({
    description:
      'multipart/related; type="application/octet-stream": one part per frame, Content-Location the frame URL',
    content: { 'multipart/related': { schema: { type: 'string', format: 'binary' } } },
  })
  async pixelData(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    const { contentType, body } = await this.retrieve.execute(reader, { study, series }, accept);
    reply.headers({ 'content-type': contentType, 'cache-control': 'private, max-age=3600' });
    return body;
  }
}
