import { Inject, Injectable } from '@nestjs/common';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { FHIR_EVERYTHING_COUNT_DEFAULT, FHIR_EVERYTHING_COUNT_MAX } from '@portal/contracts';
import {
  type Caller,
  CONFIG,
  type FhirCaller,
  InjectContext,
  type PortalConfig,
  type UseCaseKit,
} from '@portal/server-kit';
import { searchsetBundle } from '../bundle';
import { auditFhir, FHIR_AUDIT, readsOf } from '../fhir-audit';
import { fhirBaseOf } from '../fhir-http';
import { resourceNotFound } from '../fhir.errors';
import { FhirResources } from '../resources/fhir-resources';
import { parseSearch, parseSince, type SearchCriteria, type SearchQuery } from '../search/search-params';
import { typesToRead } from '../search/types-to-read';

/**
 * GET /api/fhir/Patient/{id}/$everything: the patient's whole record (every type the scopes let the
 * app search, `_type` narrows, `_since` keeps what changed after), Patient first, then type by type,
 * newest first, in pages (`_count`, `_offset`) of one searchset Bundle. Only the patient in context:
 * any other id is 404. Audited with how many of each type were given.
 */
@Injectable()
export class PatientEverything {
  private readonly base: string;

  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly resources: FhirResources,
    @Inject(CONFIG) config: Pick<PortalConfig, 'publicUrl'>,
  ) {
    this.base = fhirBaseOf(config);
  }

  async execute(fhir: FhirCaller, patientId: string, query: SearchQuery, request: Caller): Promise<Bundle> {
    if (patientId !== fhir.patientId) throw resourceNotFound('Patient', patientId);
    const types = typesToRead(fhir.scopes, query._type);
    const criteria: SearchCriteria = { lastUpdated: [], date: [], since: parseSince(query._since) };
    const { paging } = parseSearch('Patient', query, {
      patientId,
      defaultCount: FHIR_EVERYTHING_COUNT_DEFAULT,
      maxCount: FHIR_EVERYTHING_COUNT_MAX,
    });
    const counts = await Promise.all(
      types.map((t) => this.resources.count(this.kit.db, t, patientId, criteria)),
    );
    // The page is a window over the types one after another: each type gives the part of it that falls on it.
    const resources: Resource[] = [];
    let start = 0;
    for (const [i, type] of types.entries()) {
      const from = Math.max(paging.offset, start);
      const to = Math.min(paging.offset + paging.count, start + counts[i]);
      if (to > from) {
        const page = { offset: from - start, count: to - from };
        resources.push(
          ...(await this.resources.search(this.kit.db, type, patientId, criteria, page)).resources,
        );
      }
      start += counts[i];
    }
    await auditFhir(this.kit, this.kit.db, request, fhir, FHIR_AUDIT.everything, {
      resourceId: `Patient/${patientId}`,
      reads: readsOf(resources),
    });
    const applied = (['_type', '_since'] as const).flatMap((name) =>
      typeof query[name] === 'string' && query[name]
        ? [[name, query[name] as string] as [string, string]]
        : [],
    );
    return searchsetBundle({
      base: this.base,
      path: `Patient/${patientId}/$everything`,
      applied,
      paging,
      total: start,
      resources,
    });
  }
}
