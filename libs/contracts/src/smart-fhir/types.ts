/** Shapes of the Smart FHIR query (records spec §3 'Smart FHIR study row', §7, §9). */

/** §9: the page polls each identifier every 2,000 ms, at most 10 times. */
export const SMART_FHIR_POLL_MS = 2000;
export const SMART_FHIR_POLL_ATTEMPTS = 10;
/** §9: the list shows 10 rows first, 10 more per 'Load more'. */
export const SMART_FHIR_PAGE_SIZE = 10;
/** One source's query is abandoned (its identifier reports the error) after this long. */
export const SMART_FHIR_SOURCE_TIMEOUT_MS = 15_000;
/** A finished query's rows are kept this long per patient: opening the page again (not Reload) reuses them. */
export const SMART_FHIR_RESULTS_KEPT_MS = 10 * 60_000;
/** The DICOM tag of the accession number among the custom query items (§3). */
export const ACCESSION_NUMBER_TAG = '00080050';

/** How a facility's system is reached: a PACS over DICOMweb (QIDO-RS/WADO-RS) or an EHR over FHIR R4. */
export type SmartFhirSourceKind = 'dicomweb' | 'fhir';

/** One identifier per source queried (§7 initLoadGrid). */
export interface SmartFhirIdentifier {
  identifier: string;
  facility: { id: string; name: string };
  kind: SmartFhirSourceKind;
}

export interface SmartFhirInit {
  identifiers: SmartFhirIdentifier[];
}

/** §3 'Smart FHIR study row', with the facility and study date the page shows and what the portal can do with it. */
export interface SmartFhirStudyRow {
  id: string;
  modality: string;
  study_description: string;
  referring_physician: string;
  custom_query_items: Array<{ tag: string; value: string }>;
  facility: { id: string; name: string };
  /** YYYY-MM-DD, or null when the source did not say. */
  study_date: string | null;
  number_of_instances: number | null;
  /** The source can deliver the study itself (WADO-RS): a request made from it moves the study in. */
  can_move: boolean;
  /** The request made from this row already, if any. */
  patient_request_id: string | null;
}

/** §7 loadGridByIdentifier: `error` set (and is_ready true) when the source failed or timed out. */
export interface SmartFhirQueryAnswer {
  is_ready: boolean;
  data: SmartFhirStudyRow[];
  error: string | null;
}

export interface GeneratedPatientRequest {
  patientRequestId: string;
  /** 'Pending study move' when the source delivers the study itself, else 'New' (the facility's inbox). */
  status: string;
}

/**
 * One facility system the portal may query (deployment configuration, SMART_FHIR_SOURCES). Secrets
 * stay in the configuration; they are never in an event, a row or an answer.
 */
export interface SmartFhirSourceConfig {
  /** Stable id: rows and moves name the source by it. */
  id: string;
  custodianId: string;
  facilityName: string;
  kind: SmartFhirSourceKind;
  /** DICOMweb root (QIDO-RS and WADO-RS under it) or FHIR R4 base URL. */
  baseUrl: string;
  auth?:
    | { type: 'none' }
    | { type: 'basic'; username: string; password: string }
    /** SMART Backend Services: a JWT client assertion signed with privateKeyJwk for a token at the server's token endpoint. */
    | { type: 'smart-backend'; clientId: string; privateKeyJwk: Record<string, unknown>; scope?: string };
  timeoutMs?: number;
}
