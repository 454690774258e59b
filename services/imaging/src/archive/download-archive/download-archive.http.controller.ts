import type { Readable } from 'node:stream';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import { DownloadArchive } from './download-archive';

/** Download All: public, the signed download token is the capability (ViewerTokens, purpose 'download'). */
@ApiTags('imaging')
@Public()
@Controller('imaging')
export class DownloadArchiveController {
  constructor(private readonly downloadArchive: DownloadArchive) {}

  /** GET /api/imaging/archive/{token}: a zip of the original DICOM files, streamed. */
  @Get('archive/:token')
  @ApiOkResponse({ description: 'A zip of DICOM Part 10 files (stored, not compressed)', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } })
  async download(@Param('token') token: string, @RequestCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    const { fileName, body } = await this.downloadArchive.execute(token, caller);
    reply.headers({ 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' });
    return body;
  }
}
