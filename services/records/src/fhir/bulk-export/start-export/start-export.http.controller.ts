import { Controller, Get, Headers, HttpCode, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { apiRoute, FHIR_API } from '@portal/contracts';
import {
  type Caller,
  CONFIG,
  CurrentFhirCaller,
  type FhirCaller,
  type PortalConfig,
  RequestCaller,
} from '@portal/server-kit';
import { FHIR_JSON_UTF8, originOf } from '../../fhir-http';
import { documentsQuery, FhirApi } from '../../fhir-route';
import type { SearchQuery } from '../../search/search-params';
import { StartExport } from './start-export';

@FhirApi()
@Controller()
export class StartExportController {
  constructor(
    private readonly startExport: StartExport,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'publicUrl'>,
  ) {}

  /** GET /api/fhir/Patient/{id}/$export with Prefer: respond-async: 202, Content-Location is the status URL. */
  @Get(apiRoute(FHIR_API.export, 'id'))
  @HttpCode(202)
  @ApiResponse({ status: 202, description: 'Accepted; Content-Location names the status URL' })
  @documentsQuery([
    ['_type', 'Resource types, comma-separated'],
    ['_since', 'Only what changed after this instant'],
    ['_outputFormat', 'application/fhir+ndjson (the only one)'],
  ])
  async export(
    @CurrentFhirCaller() fhir: FhirCaller,
    @Param('id') id: string,
    @Query() query: SearchQuery,
    @Headers('prefer') prefer: string | undefined,
    @Req() req: FastifyRequest,
    @RequestCaller() request: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OperationOutcome> {
    const origin = originOf(this.config);
    const { statusPath } = await this.startExport.execute(
      fhir,
      id,
      { prefer, query, requestUrl: `${origin}${req.url}` },
      request,
    );
    void reply.header('content-location', `${origin}${statusPath}`).header('content-type', FHIR_JSON_UTF8);
    return {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'information', code: 'informational', diagnostics: 'The export has started' }],
    };
  }
}
