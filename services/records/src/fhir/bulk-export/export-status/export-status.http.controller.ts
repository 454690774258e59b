import { Controller, Delete, Get, HttpCode, Param, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { BulkExportManifest } from '@portal/contracts';
import { apiRoute, FHIR_API } from '@portal/contracts';
import { type Caller, CurrentFhirCaller, type FhirCaller, RequestCaller } from '@portal/server-kit';
import { FhirApi } from '../../fhir-route';
import { CancelExport } from './cancel-export';
import { ExportStatus } from './export-status';

/** How soon a client should ask again while an export runs. */
const RETRY_AFTER_SECONDS = '1';

@FhirApi()
@Controller()
export class ExportStatusController {
  constructor(
    private readonly exportStatus: ExportStatus,
    private readonly cancelExport: CancelExport,
  ) {}

  /** GET /api/fhir/$export-status/{id}: 202 with X-Progress while running, 200 with the manifest once done. */
  @Get(apiRoute(FHIR_API.exportStatus, 'exportId'))
  @ApiResponse({ status: 200, description: 'The manifest (JSON)' })
  @ApiResponse({ status: 202, description: 'Still running: X-Progress says how far' })
  async status(
    @CurrentFhirCaller() fhir: FhirCaller,
    @Param('exportId') exportId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BulkExportManifest | undefined> {
    const answer = await this.exportStatus.execute(fhir, exportId);
    void reply.header('cache-control', 'no-store');
    if (answer.running) {
      void reply.status(202).header('x-progress', answer.progress).header('retry-after', RETRY_AFTER_SECONDS);
      return undefined;
    }
    void reply.header('content-type', 'application/json; charset=utf-8');
    return answer.manifest;
  }

  /** DELETE /api/fhir/$export-status/{id}: cancels (202). */
  @Delete(apiRoute(FHIR_API.exportStatus, 'exportId'))
  @HttpCode(202)
  @ApiResponse({ status: 202, description: 'Cancelled' })
  async cancel(
    @CurrentFhirCaller() fhir: FhirCaller,
    @Param('exportId') exportId: string,
    @RequestCaller() request: Caller,
  ): Promise<void> {
    await this.cancelExport.execute(fhir, exportId, request);
  }
}
