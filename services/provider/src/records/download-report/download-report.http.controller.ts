import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, PROVIDER_API, providerDownloadParams } from '@portal/contracts';
import { Public, sendFile, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { DownloadReport } from './download-report';

@ApiTags('provider')
@Controller()
export class DownloadReportController {
  constructor(private readonly downloadReport: DownloadReport) {}

  /** GET /api/provider/download/{identifier}: no bearer token (a frame sends none); the short-lived identifier is the proof. */
  @Public()
  @Get(apiRoute(PROVIDER_API.download, 'identifier'))
  async get(
    @Param(validate(providerDownloadParams)) params: InferType<typeof providerDownloadParams>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.downloadReport.execute(params.identifier);
    return sendFile(reply, {
      body: file.bytes,
      contentType: file.contentType,
      fileName: file.fileName,
      disposition: 'inline',
    });
  }
}
