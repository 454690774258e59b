import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { type Caller, Public, RequestCaller, userFileHeaders } from '@portal/server-kit';
import { Download } from './download';


@ApiTags('records')
@Controller()
export class DownloadController {
  constructor(private readonly download: Download) {}

  /** GET /api/download/{identifier}: no bearer token, the short-lived identifier is the proof. */
  @Public()
  @Get('download/:identifier')
  async get(@Param('identifier') identifier: string, @RequestCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const file = await this.download.execute(identifier, caller);
    // Headers only once the file is there: a refusal stays a JSON error body.
    reply.headers(userFileHeaders(file.contentType, file.fileName));
    return file.bytes;
  }
}
