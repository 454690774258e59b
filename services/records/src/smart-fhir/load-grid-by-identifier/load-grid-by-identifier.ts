import { Injectable } from '@nestjs/common';
import { MESSAGES, type SmartFhirQueryAnswer } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { queryNotFound } from '../smart-fhir.errors';
import { queryDeadlineMs } from '../smart-fhir-queries';
import { SmartFhirRepository } from '../smart-fhir.repository';
import { SmartFhirSources } from '../smart-fhir-sources';

/** Beyond a source's own deadline: a query still unfinished by then lost its process, and counts as timed out. */
const LOST_AFTER_MS = 5_000;

/**
 * GET smartFhir/loadGridByIdentifier (records spec §7): {is_ready, data} of one of the caller's
 * queries; the rows once it finished, or the source's error. Another patient's identifier is 404.
 * The finished answer's read is audited once per poll that gets it.
 */
@Injectable()
export class LoadGridByIdentifier {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly repository: SmartFhirRepository,
    private readonly sources: SmartFhirSources,
  ) {}

  async execute(userId: string, identifier: string, caller: Caller): Promise<SmartFhirQueryAnswer> {
    const query = await this.repository.ownQuery(this.kit.db, identifier, userId);
    if (!query) throw queryNotFound();
    if (!query.finished_at) {
      const age = Date.now() - new Date(query.started_at).getTime();
      if (age < queryDeadlineMs(this.sources.byId(query.source_id)) + LOST_AFTER_MS)
        return { is_ready: false, data: [], error: null };
      return { is_ready: true, data: [], error: MESSAGES.smartFhirSourceTimedOut };
    }
    const data = query.error ? [] : await this.repository.rowsOf(this.kit.db, query.id);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.smart-fhir-results-read',
      resourceType: 'smart_fhir_query',
      resourceId: query.id,
      subjectId: userId,
      detail: { source: query.source_id, studies: data.length },
    });
    return { is_ready: true, data, error: query.error };
  }
}
