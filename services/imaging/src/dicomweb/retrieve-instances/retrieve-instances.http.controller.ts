import type { Readable } from 'node:stream';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, DICOMWEB_API } from '@portal/contracts';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import { Reader } from '../../studies/reader/reader.decorator';
import type { ImagingReader } from '../../studies/study-access/study-access';
import type { RetrievePath } from '../retrieve-metadata/retrieve-metadata';
import { RetrieveInstances } from './retrieve-instances';

const answersFiles = ApiOkResponse({
  description: 'multipart/related; type="application/dicom": the original Part 10 files',
  content: { 'multipart/related': { schema: { type: 'string', format: 'binary' } } },
});

/** WADO-RS retrieve of a study, series or instance, for a bearer user or an image-viewer-token. */
@ApiTags('dicomweb')
@Public()
@Controller()
export class RetrieveInstancesController {
  constructor(private readonly retrieveInstances: RetrieveInstances) {}

  /** GET /api/dicomweb/studies/{study}. */
  @Get(apiRoute(DICOMWEB_API.retrieveStudy, 'study'))
  @answersFiles
  study(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    return this.send(reader, { study }, caller, reply);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}. */
  @Get(apiRoute(DICOMWEB_API.retrieveSeries, 'study', 'series'))
  @answersFiles
  series(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    return this.send(reader, { study, series }, caller, reply);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}. */
  @Get(apiRoute(DICOMWEB_API.retrieveInstance, 'study', 'series', 'sop'))
  @answersFiles
  instance(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('sop') sop: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    return this.send(reader, { study, series, sop }, caller, reply);
  }

  private async send(
    reader: ImagingReader,
    path: RetrievePath,
    caller: Caller,
    reply: FastifyReply,
  ): Promise<Readable> {
    const { contentType, body } = await this.retrieveInstances.execute(reader, path, caller);
    reply.header('content-type', contentType);
    return body;
  }
}
