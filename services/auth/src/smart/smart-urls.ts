import { FHIR_API, SMART_PAGES } from '@portal/contracts';
import type { PortalConfig } from '@portal/server-kit';

/** The FHIR base URL apps are given (`iss`, the `aud` they must name, the id token's issuer). */
export const fhirBaseOf = (config: Pick<PortalConfig, 'publicUrl'>): string =>
  `${config.publicUrl.replace(/\/+$/, '')}${FHIR_API.base}`;

/** Where the browser answers an authorization request: our consent screen (same origin, so relative). */
export const consentPage = (requestId: string): string =>
  `${SMART_PAGES.consent}?request=${encodeURIComponent(requestId)}`;

/** A redirect URI with OAuth parameters added (RFC 6749 §4.1.2: kept query, `state` echoed as given). */
export const withParams = (
  redirectUri: string,
  params: Record<string, string | null | undefined>,
): string => {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value != null) url.searchParams.set(name, value);
  return url.toString();
};
