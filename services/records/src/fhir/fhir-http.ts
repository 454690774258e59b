import { FHIR_API } from '@portal/contracts';
import type { PortalConfig } from '@portal/server-kit';

/** FHIR's JSON media type (FHIR R4 §3.1.0.1.2): every answer of the FHIR API but files. */
export const FHIR_JSON = 'application/fhir+json';
export const FHIR_JSON_UTF8 = `${FHIR_JSON}; charset=utf-8`;
/** A Bulk Data export file: one resource per line. */
export const FHIR_NDJSON = 'application/fhir+ndjson';

/** The portal's own origin, as apps reach it (PUBLIC_URL). */
export const originOf = (config: Pick<PortalConfig, 'publicUrl'>): string =>
  config.publicUrl.replace(/\/+$/, '');

/** The FHIR base URL apps are given (`iss`): absolute URLs of the API (fullUrl, links, manifests) start here. */
export const fhirBaseOf = (config: Pick<PortalConfig, 'publicUrl'>): string =>
  `${originOf(config)}${FHIR_API.base}`;
