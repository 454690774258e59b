/** Paths of the provider context: the facility staff's data-request inbox. */
export const PROVIDER_API = {
  /** GET: requests to the caller's own facilities, newest first. */
  dataRequests: '/api/getPatientRequestsForExternalProvider',
} as const;
