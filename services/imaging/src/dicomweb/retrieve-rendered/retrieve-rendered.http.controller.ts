import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import type { ReaderRequest } from '../../studies/study-access/study-access';
import type { RetrievePath } from '../retrieve-metadata/retrieve-metadata';
import { RetrieveRendered } from './retrieve-rendered';

const answersPng = ApiOkResponse({ description: 'A PNG', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } });

/** WADO-RS rendered and thumbnail of a study, series or instance (the same picture: the renderer's PNG). */
@ApiTags('dicomweb')
@Public()
@Controller('dicomweb')
export class RetrieveRenderedController {
  constructor(private readonly retrieveRendered: RetrieveRendered) {}

  /** GET /api/dicomweb/studies/{study}/rendered and /thumbnail. */
  @Get(['studies/:study/rendered', 'studies/:study/thumbnail'])
  @answersPng
  study(@Req() req: ReaderRequest, @Param('study') study: string, @RequestCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return this.send(req, { study }, caller, reply);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/rendered and /thumbnail. */
  @Get(['studies/:study/series/:series/rendered', 'studies/:study/series/:series/thumbnail'])
  @answersPng
  series(@Req() req: ReaderRequest, @Param('study') study: string, @Param('series') series: string, @RequestCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return this.send(req, { study, series }, caller, reply);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/rendered and /thumbnail. */
  @Get(['studies/:study/series/:series/instances/:sop/rendered', 'studies/:study/series/:series/instances/:sop/thumbnail'])
  @answersPng
  instance(@Req() req: ReaderRequest, @Param('study') study: string, @Param('series') series: string, @Param('sop') sop: string, @RequestCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return this.send(req, { study, series, sop }, caller, reply);
  }

  private async send(req: ReaderRequest, path: RetrievePath, caller: Caller, reply: FastifyReply): Promise<Buffer> {
    const png = await this.retrieveRendered.execute(req, path, caller);
    reply.headers({ 'content-type': 'image/png', 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' });
    return png;
  }
}
