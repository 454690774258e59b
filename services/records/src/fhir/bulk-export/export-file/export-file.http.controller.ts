import type { Readable } from 'node:stream';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, FHIR_API } from '@portal/contracts';
import { type Caller, CurrentFhirCaller, type FhirCaller, RequestCaller, sendFile } from '@portal/server-kit';
import { FHIR_NDJSON } from '../../fhir-http';
import { FhirApi } from '../../fhir-route';
import { ExportFileRead } from './export-file';

@FhirApi()
@Controller()
export class ExportFileController {
  constructor(private readonly exportFile: ExportFileRead) {}

  /** GET /api/fhir/$export-files/{id}/{file}: NDJSON, one resource a line. */
  @Get(apiRoute(FHIR_API.exportFile, 'exportId', 'file'))
  @ApiOkResponse({ description: 'NDJSON', content: { [FHIR_NDJSON]: {} } })
  async file(
    @CurrentFhirCaller() fhir: FhirCaller,
    @Param('exportId') exportId: string,
    @Param('file') file: string,
    @RequestCaller() request: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    const stream = await this.exportFile.execute(fhir, exportId, file, request);
    return sendFile(reply, { stream, contentType: FHIR_NDJSON, fileName: file, disposition: 'attachment' });
  }
}
