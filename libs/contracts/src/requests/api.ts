/** Paths of the requests context: facilities (custodians) and patient requests. */
export const REQUESTS_API = {
  /** GET ?filterStr=&zipCode=: the landing page's facility search. */
  getCustodians: '/api/facility/getCustodians',
  /** GET {getCustodiansDetails}/{id}: one facility. */
  getCustodiansDetails: '/api/facility/getCustodiansDetails',
  requestPatientRecord: '/api/requestRecord/requestPatientRecord',
  loadGrid: '/api/requestRecord/loadGrid',
} as const;
