import type { Readable } from 'node:stream';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, IMAGING_API } from '@portal/contracts';
import { type Caller, Public, RequestCaller, sendFile } from '@portal/server-kit';
import { DownloadArchive } from './download-archive';

/** Download All: public, the signed download token is the capability (ViewerTokens, purpose 'download'). */
@ApiTags('imaging')
@Public()
@Controller()
export class DownloadArchiveController {
  constructor(private readonly downloadArchive: DownloadArchive) {}

  /** GET /api/imaging/archive/{token}: a zip of the original DICOM files, streamed. */
  @Get(apiRoute(IMAGING_API.archive, 'token'))
  @ApiOkResponse({
    description: 'A zip of DICOM Part 10 files (stored, not compressed)',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  async download(
    @Param('token') token: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    const { fileName, body } = await this.downloadArchive.execute(token, caller);
    return sendFile(reply, {
      stream: body,
      contentType: 'application/zip',
      fileName,
      disposition: 'attachment',
    });
  }
}
