import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SMART_FHIR_RESULTS_KEPT_MS, type SmartFhirInit } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { SmartFhirQueries } from '../smart-fhir-queries';
import { SmartFhirRepository } from '../smart-fhir.repository';
import { SmartFhirSources } from '../smart-fhir-sources';

/**
 * GET smartFhir/initLoadGrid (records spec §7): one identifier per facility system. A query of the
 * last SMART_FHIR_RESULTS_KEPT_MS that did not fail is reused (opening the page again is cheap);
 * `reload` (the page's Reload) and a failed or old query start a new one, in the background.
 */
@Injectable()
export class InitLoadGrid {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly repository: SmartFhirRepository,
    private readonly sources: SmartFhirSources,
    private readonly queries: SmartFhirQueries,
  ) {}

  async execute(userId: string, reload: boolean, caller: Caller): Promise<SmartFhirInit> {
    const holder = await this.repository.holder(this.kit.db, userId);
    const named = holder?.firstName && holder.lastName ? holder : null;
    const started: string[] = [];
    const identifiers = [];
    for (const source of this.sources.all()) {
      const last = await this.repository.latestQuery(this.kit.db, userId, source.id);
      const fresh =
        last && !last.error && Date.now() - new Date(last.started_at).getTime() < SMART_FHIR_RESULTS_KEPT_MS;
      let id = last?.id;
      if (reload || !fresh || !id) {
        id = randomUUID();
        await this.repository.insertQuery(this.kit.db, { id, user_id: userId, source_id: source.id });
        const patient = named
          ? await this.repository.patientAt(this.kit.db, userId, named, source.custodianId)
          : null;
        this.queries.start({ id, user_id: userId }, source, patient);
        started.push(source.id);
      }
      identifiers.push({
        identifier: id,
        facility: { id: source.custodianId, name: source.facilityName },
        kind: source.kind,
      });
    }
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.smart-fhir-queried',
      resourceType: 'smart_fhir_query',
      subjectId: userId,
      detail: { sources: identifiers.length, started, reload },
    });
    return { identifiers };
  }
}
