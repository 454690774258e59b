import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, RECORDS_API } from '@portal/contracts';
import { type Caller, Public, RequestCaller, sendFile } from '@portal/server-kit';
import { Download } from './download';

@ApiTags('records')
@Controller()
export class DownloadController {
  constructor(private readonly download: Download) {}

  /**
   * GET /api/download/{identifier}: no bearer token, the short-lived identifier is the proof. Answers
   * range requests (206 with Content-Range; 416 for a range past the end), so a video seeks.
   */
  @Public()
  @Get(apiRoute(RECORDS_API.download, 'identifier'))
  async get(
    @Param('identifier') identifier: string,
    @Headers('range') range: string | undefined,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.download.execute(identifier, caller, range);
    reply.header('accept-ranges', 'bytes');
    if (file.range && 'unsatisfiable' in file.range) {
      reply.code(416).header('content-range', `bytes */${file.range.size}`);
      return Buffer.alloc(0);
    }
    if (file.range) {
      reply
        .code(206)
        .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.range.size}`);
    }
    return sendFile(reply, {
      body: file.bytes,
      contentType: file.contentType,
      fileName: file.fileName,
      disposition: 'inline',
    });
  }
}
