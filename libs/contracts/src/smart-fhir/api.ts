/**
 * Smart FHIR query (records spec §2.10, §4, §7): the patient's imaging studies found at facilities'
 * own systems (a PACS over DICOMweb, an EHR over FHIR R4), and a records request made from one found
 * study. The records context owns the queries and their rows (ARCHITECTURE §4). The spec names the
 * calls but not their paths; they are designed under /api/smartFhir with the spec's call names.
 */
const SMART_FHIR = '/api/smartFhir';

export const SMART_FHIR_API = {
  /**
   * GET: SmartFhirInit. Starts one background query per source that may hold the caller's studies
   * (or reuses the ones still fresh, SMART_FHIR_RESULTS_KEPT_MS) and answers their identifiers.
   * `?reload=true` (the page's Reload) queries every source again.
   */
  initLoadGrid: `${SMART_FHIR}/initLoadGrid`,
  /** GET ?identifier=: SmartFhirQueryAnswer ({is_ready, data}); another patient's identifier is 404. */
  loadGridByIdentifier: `${SMART_FHIR}/loadGridByIdentifier`,
  /** POST {cfindResponseId}: 201 GeneratedPatientRequest; someone else's row is 404. */
  generatePatientRequestFromCfindResponse: `${SMART_FHIR}/generatePatientRequestFromCfindResponse`,
} as const;
