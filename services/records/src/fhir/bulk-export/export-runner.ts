import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { FHIR_BACKUP_KEPT_DAYS, FHIR_EXPORT_KEPT_HOURS } from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  InjectContext,
  logger,
  SYSTEM_CALLER,
  type UseCaseKit,
} from '@portal/server-kit';
import { auditFhir, FHIR_AUDIT } from '../fhir-audit';
import { FHIR_NDJSON } from '../fhir-http';
import { FhirResources, type SearchableType } from '../resources/fhir-resources';
import { type ExportFile, type ExportJobRow, ExportRepository } from './export.repository';

/** Rows read and written at a time: a page of resources becomes one piece of its file. */
export const EXPORT_PAGE_SIZE = 1000;

/** Where an export's file is kept (keys are the server's: the job's id and a type name). */
export const exportFileKey = (exportId: string, file: string): string => `fhir-exports/${exportId}/${file}`;

class Cancelled extends Error {}

/**
 * Runs Bulk Data exports in the background of the process that accepted them: type by type, the
 * patient's resources are read in keyset pages and each page is written as one NDJSON piece straight
 * into the blob store, so no export holds a whole type in memory. Each page is a heartbeat; a job
 * whose runner stops beating (its process died) reads as failed. A cancelled job stops at its next page.
 */
@Injectable()
export class ExportRunner implements OnModuleDestroy {
  private readonly running = new Map<string, AbortController>();

  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly exports: ExportRepository,
    private readonly resources: FhirResources,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  /** Starts a job; the promise (for tests) settles when it has ended, however it ended. */
  start(job: ExportJobRow): Promise<void> {
    const abort = new AbortController();
    this.running.set(job.id, abort);
    return this.run(job, abort.signal).finally(() => this.running.delete(job.id));
  }

  cancel(exportId: string): void {
    this.running.get(exportId)?.abort();
  }

  onModuleDestroy(): void {
    for (const abort of this.running.values()) abort.abort();
  }

  /** Removes the files of exports past their keeping time. */
  async sweepExpired(): Promise<void> {
    for (const job of await this.exports.expire(this.kit.db)) await this.removeFiles(job.id, job.output);
  }

  async removeFiles(exportId: string, files: Array<Pick<ExportFile, 'file'>>): Promise<void> {
    await Promise.all(
      files.map((f) => this.blobs.remove(exportFileKey(exportId, f.file)).catch(() => undefined)),
    );
  }

  private async run(job: ExportJobRow, signal: AbortSignal): Promise<void> {
    const written: ExportFile[] = [];
    const criteria = { lastUpdated: [], date: [], since: job.since ?? undefined };
    try {
      for (const [n, type] of (job.types as SearchableType[]).entries()) {
        const file: ExportFile = { type, file: `${type}.ndjson`, count: 0 };
        written.push(file);
        const pieces = async function* (this: ExportRunner) {
          for await (const page of this.resources.pages(
            this.kit.db,
            type,
            job.patient_id,
            criteria,
            EXPORT_PAGE_SIZE,
          )) {
            if (signal.aborted) throw new Cancelled();
            file.count += page.length;
            yield Buffer.from(`${page.map((r) => JSON.stringify(r)).join('\n')}\n`);
            await this.exports.progress(
              this.kit.db,
              job.id,
              `${type}: ${file.count} written (type ${n + 1} of ${job.types.length})`,
            );
          }
        };
        await this.blobs.writeStream(exportFileKey(job.id, file.file), pieces.call(this), FHIR_NDJSON);
      }
      if (signal.aborted) throw new Cancelled();
      // Bulk Data lists no file for a type with nothing in it.
      const empty = written.filter((f) => f.count === 0);
      await this.removeFiles(job.id, empty);
      const output = written.filter((f) => f.count > 0);
      const kept = job.kind === 'backup' ? FHIR_BACKUP_KEPT_DAYS * 24 : FHIR_EXPORT_KEPT_HOURS;
      const completed = await this.kit.transaction(async (tx) => {
        if (!(await this.exports.complete(tx, job.id, output, kept))) return false;
        await auditFhir(
          this.kit,
          tx,
          SYSTEM_CALLER,
          {
            userId: job.user_id,
            patientId: job.patient_id,
            clientId: job.client_id,
            authorizationId: job.authorization_id,
          },
          FHIR_AUDIT.exported,
          {
            resourceId: job.id,
            reads: Object.fromEntries(output.map((f) => [f.type, f.count])),
            detail: { kind: job.kind, since: job.since },
          },
        );
        return true;
      });
      if (!completed) await this.removeFiles(job.id, output);
    } catch (err) {
      await this.removeFiles(job.id, written);
      if (err instanceof Cancelled) return;
      logger.warn({ err: (err as Error).message, export: job.id }, 'FHIR export failed');
      await this.exports
        .fail(this.kit.db, job.id, 'The export failed; start it again')
        .catch((e: Error) =>
          logger.error({ err: e.message, export: job.id }, 'FHIR export failure not saved'),
        );
    }
  }
}
