import { Controller, Get, Headers, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '@portal/server-kit';
import type { ReaderRequest } from '../../studies/study-access/study-access';
import { type OctetParts, RetrieveFrames } from './retrieve-frames';

const INSTANCE = 'studies/:study/series/:series/instances/:sop';
const answersParts = ApiOkResponse({ description: 'multipart/related; type="application/octet-stream" with the transfer-syntax parameter', content: { 'multipart/related': { schema: { type: 'string', format: 'binary' } } } });

/** WADO-RS frames and bulk data, for a bearer user or an image-viewer-token (StudyAccess). */
@ApiTags('dicomweb')
@Public()
@Controller('dicomweb')
export class RetrieveFramesController {
  constructor(private readonly retrieveFrames: RetrieveFrames) {}

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/frames/{frames} (frames: 1,2,...). */
  @Get(`${INSTANCE}/frames/:frames`)
  @answersParts
  async frames(@Req() req: ReaderRequest, @Param('study') study: string, @Param('series') series: string, @Param('sop') sop: string, @Param('frames') frames: string, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return send(reply, await this.retrieveFrames.frames(req, { study, series, sop }, frames, accept));
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/bulkdata/{tag}: a BulkDataURI of the metadata. */
  @Get(`${INSTANCE}/bulkdata/:tag`)
  @answersParts
  async bulkData(@Req() req: ReaderRequest, @Param('study') study: string, @Param('series') series: string, @Param('sop') sop: string, @Param('tag') tag: string, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    return send(reply, await this.retrieveFrames.bulkData(req, { study, series, sop }, tag, accept));
  }
}

/** Headers only once the bytes are there: a refusal stays a JSON error body. */
const send = (reply: FastifyReply, parts: OctetParts): Buffer => {
  reply.headers({ 'content-type': parts.contentType, 'cache-control': 'private, max-age=3600' });
  return parts.body;
};
