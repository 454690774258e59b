import { Inject, Injectable } from '@nestjs/common';
import type { Bundle } from '@medplum/fhirtypes';
import { FHIR_SEARCH_COUNT_DEFAULT, FHIR_SEARCH_COUNT_MAX } from '@portal/contracts';
import {
  type Caller,
  CONFIG,
  type FhirCaller,
  InjectContext,
  type PortalConfig,
  requireScope,
  type UseCaseKit,
} from '@portal/server-kit';
import { searchsetBundle } from '../bundle';
import { auditFhir, FHIR_AUDIT } from '../fhir-audit';
import { fhirBaseOf } from '../fhir-http';
import { notSearchable, unknownResourceType } from '../fhir.errors';
import { FhirResources, isFhirResourceType } from '../resources/fhir-resources';
import { parseSearch, type SearchQuery } from '../search/search-params';

/**
 * GET /api/fhir/{type}: a page of the patient's resources of one type, newest first, as a searchset
 * Bundle with its total and paging links; scope `s` on the type. `patient=` naming anyone else matches
 * nothing (their resources are not here for this token). Audited with how many were given.
 */
@Injectable()
export class SearchResources {
  private readonly base: string;

  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly resources: FhirResources,
    @Inject(CONFIG) config: Pick<PortalConfig, 'publicUrl'>,
  ) {
    this.base = fhirBaseOf(config);
  }

  async execute(fhir: FhirCaller, type: string, query: SearchQuery, request: Caller): Promise<Bundle> {
    if (!isFhirResourceType(type)) throw unknownResourceType(type);
    if (type === 'Binary') throw notSearchable(type);
    requireScope(fhir, type, 's');
    const { criteria, paging, applied } = parseSearch(type, query, {
      patientId: fhir.patientId,
      defaultCount: FHIR_SEARCH_COUNT_DEFAULT,
      maxCount: FHIR_SEARCH_COUNT_MAX,
    });
    const { resources, total } = await this.resources.search(
      this.kit.db,
      type,
      fhir.patientId,
      criteria,
      paging,
    );
    await auditFhir(this.kit, this.kit.db, request, fhir, FHIR_AUDIT.search, {
      reads: { [type]: resources.length },
      detail: { type, total, parameters: applied.map(([name]) => name) },
    });
    return searchsetBundle({ base: this.base, path: type, applied, paging, total, resources });
  }
}
