import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { providerDownloadParams } from '@portal/contracts';
import { Public, userFileHeaders, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { DownloadReport } from './download-report';

@ApiTags('provider')
@Controller('provider/download')
export class DownloadReportController {
  constructor(private readonly downloadReport: DownloadReport) {}

  /** GET /api/provider/download/{identifier}: no bearer token (a frame sends none); the short-lived identifier is the proof. */
  @Public()
  @Get(':identifier')
  async get(@Param(validate(providerDownloadParams)) params: InferType<typeof providerDownloadParams>, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const file = await this.downloadReport.execute(params.identifier);
    // Headers only once the bytes are there: a refusal stays a JSON error body.
    reply.headers(userFileHeaders(file.contentType, file.fileName));
    return file.bytes;
  }
}
