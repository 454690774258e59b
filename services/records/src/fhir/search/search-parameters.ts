import type { FhirResourceType } from '@portal/contracts';

export type SearchParameterType = 'token' | 'date' | 'reference';

/** A search parameter as the CapabilityStatement declares it. */
export interface SearchParameterDefinition {
  name: string;
  type: SearchParameterType;
  /** The R4 SearchParameter it is (absent for the portal's own `date` on ImagingStudy). */
  definition?: string;
  documentation?: string;
}

const R4 = 'http://hl7.org/fhir/SearchParameter';
const id: SearchParameterDefinition = { name: '_id', type: 'token', definition: `${R4}/Resource-id` };
const lastUpdated: SearchParameterDefinition = {
  name: '_lastUpdated',
  type: 'date',
  definition: `${R4}/Resource-lastUpdated`,
  documentation: 'With the prefixes eq, gt, ge, lt and le; repeat it for a range',
};
const patient = (definition: string): SearchParameterDefinition => ({
  name: 'patient',
  type: 'reference',
  definition: `${R4}/${definition}`,
  documentation: 'Only the patient in the token context has resources here',
});
const date = (definition: string | undefined, documentation: string): SearchParameterDefinition => ({
  name: 'date',
  type: 'date',
  ...(definition ? { definition: `${R4}/${definition}` } : {}),
  documentation: `${documentation}; with the prefixes eq, gt, ge, lt and le`,
});
const status = (definition: string): SearchParameterDefinition => ({
  name: 'status',
  type: 'token',
  definition: `${R4}/${definition}`,
});

/**
 * What each resource type can be searched by. Parameters not listed are ignored (FHIR's lenient
 * handling) and left out of the Bundle's self link, so an app sees what was applied. Binary is read by
 * id only.
 */
export const SEARCH_PARAMETERS: Record<FhirResourceType, SearchParameterDefinition[]> = {
  Patient: [id, lastUpdated],
  RelatedPerson: [id, lastUpdated, patient('RelatedPerson-patient')],
  ImagingStudy: [
    id,
    lastUpdated,
    patient('clinical-patient'),
    { name: 'started', type: 'date', definition: `${R4}/ImagingStudy-started` },
    date(undefined, 'When the study started (the same as started)'),
    {
      name: 'modality',
      type: 'token',
      definition: `${R4}/ImagingStudy-modality`,
      documentation: 'A DICOM modality code (system http://dicom.nema.org/resources/ontology/DCM)',
    },
    status('ImagingStudy-status'),
  ],
  Endpoint: [id, lastUpdated, status('Endpoint-status')],
  DiagnosticReport: [
    id,
    lastUpdated,
    patient('clinical-patient'),
    date('clinical-date', 'When the report applies (the exam date, else its delivery)'),
    status('DiagnosticReport-status'),
  ],
  DocumentReference: [
    id,
    lastUpdated,
    patient('clinical-patient'),
    date('DocumentReference-date', 'When the document came into the record'),
    status('DocumentReference-status'),
  ],
  Binary: [],
  Consent: [
    id,
    lastUpdated,
    patient('clinical-patient'),
    date('clinical-date', 'When the share last changed'),
    status('Consent-status'),
  ],
  AuditEvent: [
    id,
    lastUpdated,
    patient('AuditEvent-patient'),
    date('AuditEvent-date', 'When it was recorded'),
  ],
};

/** The parameter names that filter by the type's own date (ImagingStudy answers to `started` too). */
export const DATE_PARAMETERS = ['date', 'started'];
