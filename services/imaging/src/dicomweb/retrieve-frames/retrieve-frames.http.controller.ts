import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, DICOMWEB_API } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { Reader } from '../../studies/reader/reader.decorator';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { type OctetParts, RetrieveFrames } from './retrieve-frames';

const answersParts = ApiOkResponse({
  description: 'multipart/related; type="application/octet-stream" with the transfer-syntax parameter',
  content: { 'multipart/related': { schema: { type: 'string', format: 'binary' } } },
});

/** WADO-RS frames and bulk data, for a bearer user or an image-viewer-token (StudyAccess). */
@ApiTags('dicomweb')
@Public()
@Controller()
export class RetrieveFramesController {
  constructor(private readonly retrieveFrames: RetrieveFrames) {}

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/frames/{frames} (frames: 1,2,...). */
  @Get(apiRoute(DICOMWEB_API.retrieveInstanceFrames, 'study', 'series', 'sop', 'frames'))
  @answersParts
  async frames(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('sop') sop: string,
    @Param('frames') frames: string,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return send(reply, await this.retrieveFrames.frames(reader, { study, series, sop }, frames, accept));
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/bulkdata/{tag}: a BulkDataURI of the metadata. */
  @Get(apiRoute(DICOMWEB_API.retrieveBulkData, 'study', 'series', 'sop', 'tag'))
  @answersParts
  async bulkData(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('sop') sop: string,
    @Param('tag') tag: string,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return send(reply, await this.retrieveFrames.bulkData(reader, { study, series, sop }, tag, accept));
  }
}

/** Headers only once the bytes are there: a refusal stays a JSON error body. */
const send = (reply: FastifyReply, parts: OctetParts): Buffer => {
  reply.headers({ 'content-type': parts.contentType, 'cache-control': 'private, max-age=3600' });
  return parts.body;
};
