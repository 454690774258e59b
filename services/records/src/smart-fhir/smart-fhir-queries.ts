import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { MESSAGES, SMART_FHIR_SOURCE_TIMEOUT_MS, type SmartFhirSourceConfig } from '@portal/contracts';
import { InjectContext, logger, SourceError, SYSTEM_CALLER, type UseCaseKit } from '@portal/server-kit';
import type { PatientToMatch } from './found-study';
import { SmartFhirRepository } from './smart-fhir.repository';
import { SmartFhirSources } from './smart-fhir-sources';
import { searchDicomWeb } from './sources/dicomweb-search';
import { searchFhir } from './sources/fhir-search';

const SEARCH = { dicomweb: searchDicomWeb, fhir: searchFhir } as const;

/** How long a query may stay unfinished before it counts as timed out (its process may be gone). */
export const queryDeadlineMs = (source: SmartFhirSourceConfig | undefined): number =>
  source?.timeoutMs ?? SMART_FHIR_SOURCE_TIMEOUT_MS;

/**
 * Runs one query per source in the background, each with its own deadline: a slow or failing source
 * ends in its own error and never holds the others back. What a source found is saved in one
 * transaction with the query's end and its audit row.
 */
@Injectable()
export class SmartFhirQueries implements OnModuleDestroy {
  private readonly running = new Map<string, AbortController>();

  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly repository: SmartFhirRepository,
    private readonly sources: SmartFhirSources,
  ) {}

  start(
    query: { id: string; user_id: string },
    source: SmartFhirSourceConfig,
    patient: PatientToMatch | null,
  ) {
    const abort = new AbortController();
    this.running.set(query.id, abort);
    void this.run({ ...query, source_id: source.id }, source, patient, abort.signal).finally(() =>
      this.running.delete(query.id),
    );
  }

  onModuleDestroy(): void {
    for (const abort of this.running.values()) abort.abort();
  }

  private async run(
    query: { id: string; user_id: string; source_id: string },
    source: SmartFhirSourceConfig,
    patient: PatientToMatch | null,
    signal: AbortSignal,
  ): Promise<void> {
    const started = Date.now();
    let error: string | null = null;
    let found: Awaited<ReturnType<(typeof SEARCH)['fhir']>> = [];
    try {
      if (!patient) throw new SourceError('The portal does not know your name yet: add it in Settings');
      found = await SEARCH[source.kind](
        this.sources.client,
        source,
        patient,
        started + queryDeadlineMs(source),
        signal,
      );
    } catch (err) {
      error = err instanceof SourceError ? err.message : MESSAGES.smartFhirSourceUnavailable;
      if (!(err instanceof SourceError))
        logger.warn({ err: (err as Error).message, source: source.id }, 'smart FHIR query failed');
    }
    try {
      await this.kit.transaction(async (tx) => {
        await this.repository.saveFound(
          tx,
          query,
          { custodianId: source.custodianId, name: source.facilityName },
          found,
        );
        await this.repository.finishQuery(tx, query.id, error);
        await this.kit.audit.record(
          tx,
          { ...SYSTEM_CALLER, userId: query.user_id },
          {
            action: 'records.smart-fhir-source-queried',
            resourceType: 'smart_fhir_query',
            resourceId: query.id,
            subjectId: query.user_id,
            detail: {
              source: source.id,
              custodianId: source.custodianId,
              matchedBy: patient?.mrn ? 'mrn' : 'name-and-birth-date',
              studies: found.length,
              error,
              ms: Date.now() - started,
            },
          },
        );
      });
    } catch (err) {
      logger.error({ err: (err as Error).message, query: query.id }, 'smart FHIR query could not be saved');
    }
  }
}
