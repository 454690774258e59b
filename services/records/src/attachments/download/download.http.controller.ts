import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, RECORDS_API } from '@portal/contracts';
import { type Caller, Public, RequestCaller, sendFile } from '@portal/server-kit';
import { Download } from './download';

@ApiTags('records')
@Controller()
export class DownloadController {
  constructor(private readonly download: Download) {}

  /** GET /api/download/{identifier}: no bearer token, the short-lived identifier is the proof. */
  @Public()
  @Get(apiRoute(RECORDS_API.download, 'identifier'))
  async get(
    @Param('identifier') identifier: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.download.execute(identifier, caller);
    return sendFile(reply, {
      body: file.bytes,
      contentType: file.contentType,
      fileName: file.fileName,
      disposition: 'inline',
    });
  }
}
