import { Injectable } from '@nestjs/common';
import type { Resource } from '@medplum/fhirtypes';
import {
  type Caller,
  type FhirCaller,
  InjectContext,
  requireScope,
  type UseCaseKit,
} from '@portal/server-kit';
import { auditFhir, FHIR_AUDIT } from '../fhir-audit';
import { resourceNotFound, unknownResourceType } from '../fhir.errors';
import { FhirResources, isFhirResourceType } from '../resources/fhir-resources';

/**
 * GET /api/fhir/{type}/{id}: one resource of the patient in context, with scope `r` on its type.
 * Another patient's resource is 404 like a missing one (never 403), so ids cannot be probed. Audited.
 */
@Injectable()
export class ReadResource {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly resources: FhirResources,
  ) {}

  async execute(fhir: FhirCaller, type: string, id: string, request: Caller): Promise<Resource> {
    if (!isFhirResourceType(type) || type === 'Binary') throw unknownResourceType(type);
    requireScope(fhir, type, 'r');
    const resource = await this.resources.read(this.kit.db, type, fhir.patientId, id);
    if (!resource) throw resourceNotFound(type, id);
    await auditFhir(this.kit, this.kit.db, request, fhir, FHIR_AUDIT.read, {
      resourceId: `${type}/${resource.id}`,
      reads: { [type]: 1 },
    });
    return resource;
  }
}
