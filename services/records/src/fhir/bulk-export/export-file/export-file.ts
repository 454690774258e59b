import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  BLOB_STORE,
  type BlobStore,
  type Caller,
  type FhirCaller,
  InjectContext,
  type UseCaseKit,
} from '@portal/server-kit';
import { auditFhir, FHIR_AUDIT } from '../../fhir-audit';
import { exportFileNotFound } from '../../fhir.errors';
import { BulkExports } from '../bulk-exports';
import { exportFileKey } from '../export-runner';

/**
 * GET /api/fhir/$export-files/{id}/{file}: one NDJSON file of a completed export, streamed, for the
 * caller that started it only (requiresAccessToken). Audited; the resources in it were counted as
 * read when the export completed.
 */
@Injectable()
export class ExportFileRead {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly bulkExports: BulkExports,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute(fhir: FhirCaller, exportId: string, fileName: string, request: Caller): Promise<Readable> {
    const job = await this.bulkExports.ownedBy(fhir, exportId);
    const file = job.status === 'completed' ? job.output.find((f) => f.file === fileName) : undefined;
    if (!file) throw exportFileNotFound();
    const stream = await this.blobs.readStream(exportFileKey(job.id, file.file));
    await auditFhir(this.kit, this.kit.db, request, fhir, FHIR_AUDIT.exportFileRead, {
      resourceId: job.id,
      detail: { file: file.file, count: file.count },
    });
    return stream;
  }
}
