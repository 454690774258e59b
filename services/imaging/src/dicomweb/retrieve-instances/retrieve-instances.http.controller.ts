import type { Readable } from 'node:stream';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import type { ReaderRequest } from '../../studies/study-access/study-access';
import type { RetrievePath } from '../retrieve-metadata/retrieve-metadata';
import { RetrieveInstances } from './retrieve-instances';

const answersFiles = ApiOkResponse({ description: 'multipart/related; type="application/dicom": the original Part 10 files', content: { 'multipart/related': { schema: { type: 'string', format: 'binary' } } } });

/** WADO-RS retrieve of a study, series or instance, for a bearer user or an image-viewer-token. */
@ApiTags('dicomweb')
@Public()
@Controller('dicomweb')
export class RetrieveInstancesController {
  constructor(private readonly retrieveInstances: RetrieveInstances) {}

  /** GET /api/dicomweb/studies/{study}. */
  @Get('studies/:study')
  @answersFiles
  study(@Req() req: ReaderRequest, @Param('study') study: string, @RequestCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    return this.send(req, { study }, caller, reply);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}. */
  @Get('studies/:study/series/:series')
  @answersFiles
  series(@Req() req: ReaderRequest, @Param('study') study: string, @Param('series') series: string, @RequestCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    return this.send(req, { study, series }, caller, reply);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}. */
  @Get('studies/:study/series/:series/instances/:sop')
  @answersFiles
  instance(@Req() req: ReaderRequest, @Param('study') study: string, @Param('series') series: string, @Param('sop') sop: string, @RequestCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    return this.send(req, { study, series, sop }, caller, reply);
  }

  private async send(req: ReaderRequest, path: RetrievePath, caller: Caller, reply: FastifyReply): Promise<Readable> {
    const { contentType, body } = await this.retrieveInstances.execute(req, path, caller);
    reply.header('content-type', contentType);
    return body;
  }
}
