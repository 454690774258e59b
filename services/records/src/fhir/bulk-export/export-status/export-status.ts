import { Injectable } from '@nestjs/common';
import type { BulkExportManifest } from '@portal/contracts';
import type { FhirCaller } from '@portal/server-kit';
import { exportFailed } from '../../fhir.errors';
import { BulkExports } from '../bulk-exports';

export type ExportStatusAnswer =
  { running: true; progress: string } | { running: false; manifest: BulkExportManifest };

/**
 * GET /api/fhir/$export-status/{id}: running (with what it is doing), done (the manifest), or failed
 * (an error, also when its runner died). Only for the caller that started it.
 */
@Injectable()
export class ExportStatus {
  constructor(private readonly bulkExports: BulkExports) {}

  async execute(fhir: FhirCaller, exportId: string): Promise<ExportStatusAnswer> {
    const job = await this.bulkExports.ownedBy(fhir, exportId);
    if (job.status === 'failed' || job.stalled) throw exportFailed(job.stalled ? null : job.error);
    if (job.status === 'in-progress') return { running: true, progress: job.progress ?? 'Starting' };
    return { running: false, manifest: this.bulkExports.manifest(job) };
  }
}
