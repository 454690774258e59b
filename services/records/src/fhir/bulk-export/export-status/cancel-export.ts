import { Injectable } from '@nestjs/common';
import { type Caller, type FhirCaller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { auditFhir } from '../../fhir-audit';
import { BulkExports } from '../bulk-exports';
import { ExportRepository } from '../export.repository';
import { ExportRunner } from '../export-runner';

/**
 * DELETE /api/fhir/$export-status/{id}: a running export stops at its next page, a finished one's
 * files go; either way its status URL answers 404 from now on. Only for the caller that started it.
 */
@Injectable()
export class CancelExport {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly bulkExports: BulkExports,
    private readonly exports: ExportRepository,
    private readonly runner: ExportRunner,
  ) {}

  async execute(fhir: FhirCaller, exportId: string, request: Caller): Promise<void> {
    await this.bulkExports.ownedBy(fhir, exportId);
    const job = await this.exports.cancel(this.kit.db, exportId);
    this.runner.cancel(exportId);
    if (job?.output.length) await this.runner.removeFiles(exportId, job.output);
    await auditFhir(this.kit, this.kit.db, request, fhir, 'records.fhir-export-cancelled', {
      resourceId: exportId,
    });
  }
}
