import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, DICOMWEB_API } from '@portal/contracts';
import { type Caller, Public, RequestCaller, sendFile } from '@portal/server-kit';
import { Reader } from '../../studies/reader/reader.decorator';
import type { ImagingReader } from '../../studies/study-access/study-access';
import type { RetrievePath } from '../retrieve-metadata/retrieve-metadata';
import { RetrieveRendered } from './retrieve-rendered';

const answersPng = ApiOkResponse({
  description: 'A PNG',
  content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
});

/** WADO-RS rendered and thumbnail of a study, series or instance (the same picture: the renderer's PNG). */
@ApiTags('dicomweb')
@Public()
@Controller()
export class RetrieveRenderedController {
  constructor(private readonly retrieveRendered: RetrieveRendered) {}

  /** GET /api/dicomweb/studies/{study}/rendered and /thumbnail. */
  @Get([
    apiRoute(DICOMWEB_API.retrieveStudyRendered, 'study'),
    apiRoute(DICOMWEB_API.retrieveStudyThumbnail, 'study'),
  ])
  @answersPng
  study(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return this.send(reader, { study }, caller, reply);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/rendered and /thumbnail. */
  @Get([
    apiRoute(DICOMWEB_API.retrieveSeriesRendered, 'study', 'series'),
    apiRoute(DICOMWEB_API.retrieveSeriesThumbnail, 'study', 'series'),
  ])
  @answersPng
  series(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return this.send(reader, { study, series }, caller, reply);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/rendered and /thumbnail. */
  @Get([
    apiRoute(DICOMWEB_API.retrieveInstanceRendered, 'study', 'series', 'sop'),
    apiRoute(DICOMWEB_API.retrieveInstanceThumbnail, 'study', 'series', 'sop'),
  ])
  @answersPng
  instance(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('sop') sop: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return this.send(reader, { study, series, sop }, caller, reply);
  }

  private async send(
    reader: ImagingReader,
    path: RetrievePath,
    caller: Caller,
    reply: FastifyReply,
  ): Promise<Buffer> {
    const png = await this.retrieveRendered.execute(reader, path, caller);
    return sendFile(reply, {
      body: png,
      contentType: 'image/png',
      fileName: `${path.sop ?? path.series ?? path.study}.png`,
      disposition: 'inline',
      cache: { maxAgeSeconds: 3600 },
    });
  }
}
