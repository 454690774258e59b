import type { Readable } from 'node:stream';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, IMAGING_API } from '@portal/contracts';
import { type Caller, Public, RequestCaller, sendFile, validate } from '@portal/server-kit';
import * as yup from 'yup';
import { DownloadIso } from './download-iso';

const identifierQuery = yup.object({
  identifier: yup.string().trim().max(4096).required('identifier is required'),
});

/** The ISO download: public, the signed download token (from generateIdentifierForISO) is the capability. */
@ApiTags('imaging')
@Public()
@Controller()
export class DownloadIsoController {
  constructor(private readonly downloadIso: DownloadIso) {}

  /** GET /api/fetchDownloadISO?identifier=: the study as an ISO 9660 disc image, streamed. */
  @Get(apiRoute(IMAGING_API.fetchDownloadISO))
  @ApiOkResponse({
    description: 'An ISO 9660 image with DICOM/, DICOMDIR and README.TXT',
    content: { 'application/x-iso9660-image': { schema: { type: 'string', format: 'binary' } } },
  })
  async download(
    @Query(validate(identifierQuery)) q: yup.InferType<typeof identifierQuery>,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    const { fileName, bytes, body } = await this.downloadIso.execute(q.identifier, caller);
    return sendFile(reply, {
      stream: body,
      contentType: 'application/x-iso9660-image',
      fileName,
      disposition: 'attachment',
      length: bytes,
    });
  }
}
