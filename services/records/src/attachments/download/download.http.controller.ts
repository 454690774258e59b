import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { type Caller, Public, RequestCaller } from '@portal/server-kit';
import { Download } from './download';

/** A header value that cannot break out of its quotes or the header. */
const quoted = (name: string) => name.replace(/[^\w.\- ()]/g, '_');
/** An HTML page (the enhanced report) runs nothing and loads nothing; it may sit in a frame of the portal's own origin. */
export const HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

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
    reply.headers({
      'content-type': file.contentType === 'text/html' ? 'text/html; charset=utf-8' : file.contentType,
      'content-disposition': `inline; filename="${quoted(file.fileName)}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      ...(file.contentType === 'text/html' ? { 'content-security-policy': HTML_CSP } : {}),
    });
    return file.bytes;
  }
}
