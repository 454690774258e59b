import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, DICOMWEB_API } from '@portal/contracts';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import { Reader } from '../../studies/reader/reader.decorator';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { DICOM_JSON } from '../shared/media-types';
import { type RetrievePath, RetrieveMetadata } from './retrieve-metadata';

const answersDicomJson = ApiOkResponse({
  description: 'The DICOM JSON of each instance',
  content: { [DICOM_JSON]: { schema: { type: 'array', items: { type: 'object' } } } },
});

/** WADO-RS metadata of a study, series or instance, for a bearer user or an image-viewer-token. */
@ApiTags('dicomweb')
@Public()
@Controller()
export class RetrieveMetadataController {
  constructor(private readonly retrieveMetadata: RetrieveMetadata) {}

  /** GET /api/dicomweb/studies/{study}/metadata. */
  @Get(apiRoute(DICOMWEB_API.retrieveStudyMetadata, 'study'))
  @answersDicomJson
  study(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.send(reader, { study }, caller, reply);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/metadata. */
  @Get(apiRoute(DICOMWEB_API.retrieveSeriesMetadata, 'study', 'series'))
  @answersDicomJson
  series(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.send(reader, { study, series }, caller, reply);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/metadata. */
  @Get(apiRoute(DICOMWEB_API.retrieveInstanceMetadata, 'study', 'series', 'sop'))
  @answersDicomJson
  instance(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('sop') sop: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.send(reader, { study, series, sop }, caller, reply);
  }

  /** The JSON text as PostgreSQL made it, with its media type (Fastify must not serialise it again). */
  private async send(
    reader: ImagingReader,
    path: RetrievePath,
    caller: Caller,
    reply: FastifyReply,
  ): Promise<string> {
    const body = await this.retrieveMetadata.execute(reader, path, caller);
    reply.header('content-type', `${DICOM_JSON}; charset=utf-8`);
    return body;
  }
}
