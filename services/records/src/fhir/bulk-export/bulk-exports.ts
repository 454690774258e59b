import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type BulkExportManifest, FHIR_API } from '@portal/contracts';
import {
  type Caller,
  CONFIG,
  type FhirCaller,
  InjectContext,
  isUuid,
  type PortalConfig,
  type UseCaseKit,
} from '@portal/server-kit';
import { auditFhir, FHIR_AUDIT } from '../fhir-audit';
import { originOf } from '../fhir-http';
import { exportAlreadyRunning, exportNotFound } from '../fhir.errors';
import { type ExportJobRow, type ExportKind, ExportRepository } from './export.repository';
import { ExportRunner } from './export-runner';

export interface ExportRequest {
  kind: ExportKind;
  types: string[];
  since: Date | undefined;
  /** The kick-off request's URL (the manifest repeats it). */
  request: string;
}

/**
 * What $export and "Download everything" share: starting a job (one running at a time per app and
 * account), finding a job for the caller that started it (anyone else: 404), and its manifest.
 */
@Injectable()
export class BulkExports {
  private readonly origin: string;

  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly exports: ExportRepository,
    private readonly runner: ExportRunner,
    @Inject(CONFIG) config: Pick<PortalConfig, 'publicUrl'>,
  ) {
    this.origin = originOf(config);
  }

  /** Starts an export; a running one of the same caller is answered instead (`reuseRunning`) or refused (429). */
  async begin(
    fhir: FhirCaller,
    e: ExportRequest,
    request: Caller,
    reuseRunning = false,
  ): Promise<ExportJobRow> {
    const running = await this.exports.running(this.kit.db, fhir.userId, fhir.authorizationId, e.kind);
    if (running) {
      if (reuseRunning) return running;
      throw exportAlreadyRunning();
    }
    const job = await this.kit.transaction(async (tx) => {
      const row = await this.exports.insert(tx, {
        id: randomUUID(),
        user_id: fhir.userId,
        patient_id: fhir.patientId,
        client_id: fhir.clientId,
        authorization_id: fhir.authorizationId,
        kind: e.kind,
        types: e.types,
        since: e.since ?? null,
        request: e.request,
      });
      await auditFhir(this.kit, tx, request, fhir, FHIR_AUDIT.exportStarted, {
        resourceId: row.id,
        detail: { kind: e.kind, types: e.types, since: e.since ?? null },
      });
      return row;
    });
    void this.runner.start(job);
    void this.runner.sweepExpired().catch(() => undefined);
    return job;
  }

  /**
   * The caller's own export: the same account, patient and authorization (the app's grant, which its
   * refreshed tokens keep; none for the patient's own session) that started it; anyone else's is 404.
   */
  async ownedBy(fhir: FhirCaller, exportId: string): Promise<ExportJobRow> {
    const job = isUuid(exportId) ? await this.exports.find(this.kit.db, exportId) : null;
    if (
      !job ||
      job.user_id !== fhir.userId ||
      job.patient_id !== fhir.patientId ||
      job.authorization_id !== fhir.authorizationId ||
      job.status === 'cancelled' ||
      job.status === 'expired' ||
      job.expired
    )
      throw exportNotFound();
    return job;
  }

  /** Where a file of a completed export is fetched, with the same token. */
  fileUrl(job: Pick<ExportJobRow, 'id'>, file: string): string {
    return `${this.origin}${FHIR_API.exportFile(job.id, file)}`;
  }

  manifest(job: ExportJobRow): BulkExportManifest {
    return {
      transactionTime: job.transaction_time.toISOString(),
      request: job.request,
      requiresAccessToken: true,
      output: job.output.map((f) => ({ type: f.type, url: this.fileUrl(job, f.file), count: f.count })),
      error: [],
    };
  }
}
