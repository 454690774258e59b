import type { Caller, FhirCaller, Queryable, UseCaseKit } from '@portal/server-kit';

/** The records audit actions of FHIR reads: Connected apps reads them back (app-reads). */
export const FHIR_AUDIT = {
  read: 'records.fhir-read',
  search: 'records.fhir-searched',
  everything: 'records.fhir-everything',
  exportStarted: 'records.fhir-export-started',
  exported: 'records.fhir-exported',
  exportFileRead: 'records.fhir-export-file-read',
} as const;

/** The actions whose `reads` count what an app was given (an export counts once, when it completes). */
export const FHIR_READ_ACTIONS = [
  FHIR_AUDIT.read,
  FHIR_AUDIT.search,
  FHIR_AUDIT.everything,
  FHIR_AUDIT.exported,
];

/**
 * One audit row of a FHIR interaction: the account that reads (an app acts for it), the patient whose
 * record it is, and in its detail the app and authorization (null for the patient's own session) and
 * how many resources of each type it was given.
 */
export const auditFhir = (
  kit: Pick<UseCaseKit, 'audit'>,
  db: Queryable,
  request: Caller,
  fhir: Pick<FhirCaller, 'userId' | 'patientId' | 'clientId' | 'authorizationId'>,
  action: string,
  fields: { resourceId?: string; reads?: Record<string, number>; detail?: Record<string, unknown> } = {},
): Promise<void> =>
  kit.audit.record(
    db,
    { ...request, userId: fhir.userId },
    {
      action,
      resourceType: 'fhir',
      resourceId: fields.resourceId ?? null,
      subjectId: fhir.patientId,
      detail: {
        clientId: fhir.clientId,
        authorizationId: fhir.authorizationId,
        ...(fields.reads ? { reads: fields.reads } : {}),
        ...fields.detail,
      },
    },
  );

/** How many resources of each type a list holds. */
export const readsOf = (resources: Array<{ resourceType: string }>): Record<string, number> => {
  const reads: Record<string, number> = {};
  for (const r of resources) reads[r.resourceType] = (reads[r.resourceType] ?? 0) + 1;
  return reads;
};
