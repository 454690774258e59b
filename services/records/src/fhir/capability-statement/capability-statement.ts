import { Inject, Injectable } from '@nestjs/common';
import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { FHIR_RESOURCE_TYPES, SMART_API } from '@portal/contracts';
import { CONFIG, type PortalConfig } from '@portal/server-kit';
import { fhirBaseOf, originOf } from '../fhir-http';
import { SEARCH_PARAMETERS } from '../search/search-parameters';

/** When this statement last changed: with a release, not with anyone's data. */
const STATEMENT_DATE = '2026-01-01';

const resourceOf = (type: (typeof FHIR_RESOURCE_TYPES)[number]): CapabilityStatementRestResource => ({
  type,
  interaction: type === 'Binary' ? [{ code: 'read' }] : [{ code: 'read' }, { code: 'search-type' }],
  versioning: 'no-version',
  readHistory: false,
  updateCreate: false,
  ...(SEARCH_PARAMETERS[type].length
    ? {
        searchParam: SEARCH_PARAMETERS[type].map((p) => ({
          name: p.name,
          type: p.type,
          ...(p.definition ? { definition: p.definition } : {}),
          ...(p.documentation ? { documentation: p.documentation } : {}),
        })),
      }
    : {}),
  ...(type === 'Patient'
    ? {
        operation: [
          { name: 'everything', definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything' },
          {
            name: 'export',
            definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export',
          },
        ],
      }
    : {}),
});

/**
 * GET /api/fhir/metadata: what this FHIR server is (FHIR R4 §3.1.0.13): read-only R4 in JSON, secured
 * by SMART on FHIR with the portal's authorization server (the oauth-uris extension, SMART 2.2 §2.2),
 * each resource type with its interactions and search parameters, Patient with $everything and $export.
 */
@Injectable()
export class GetCapabilityStatement {
  private readonly statement: CapabilityStatement;

  constructor(@Inject(CONFIG) config: Pick<PortalConfig, 'publicUrl'>) {
    const origin = originOf(config);
    this.statement = {
      resourceType: 'CapabilityStatement',
      status: 'active',
      date: STATEMENT_DATE,
      publisher: 'Patient Portal',
      kind: 'instance',
      software: { name: 'Patient Portal FHIR API' },
      implementation: { description: "The patient's own record, read-only", url: fhirBaseOf(config) },
      fhirVersion: '4.0.1',
      format: ['json', 'application/fhir+json'],
      rest: [
        {
          mode: 'server',
          security: {
            cors: true,
            service: [
              {
                coding: [
                  {
                    system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                    code: 'SMART-on-FHIR',
                  },
                ],
                text: 'OAuth2 using SMART-on-FHIR profile (see http://docs.smarthealthit.org)',
              },
            ],
            extension: [
              {
                url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
                extension: [
                  { url: 'authorize', valueUri: `${origin}${SMART_API.authorize}` },
                  { url: 'token', valueUri: `${origin}${SMART_API.token}` },
                  { url: 'register', valueUri: `${origin}${SMART_API.register}` },
                ],
              },
            ],
          },
          resource: FHIR_RESOURCE_TYPES.map(resourceOf),
          operation: [
            {
              name: 'export',
              definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export',
            },
          ],
        },
      ],
    };
  }

  execute(): CapabilityStatement {
    return this.statement;
  }
}
