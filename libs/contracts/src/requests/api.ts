/**
 * Paths of the requests context: facilities (custodians), the wizard's reference data, its uploads
 * and patient requests. The spec's paths keep its spelling.
 */
export const REQUESTS_API = {
  /**
   * GET WorklistQuery (MEDICAL_COORDINATOR or GROUP_ADMIN, issue 26): the open requests of the members the
   * caller may view records for, by legal due date, WorklistRequestPage.
   */
  coordinatorWorklist: '/api/requests/coordinatorWorklist',
  /** GET ?filterStr=&address=&zipCode= (public): the landing page's facility search. */
  getCustodians: '/api/facility/getCustodians',
  /** GET {getCustodiansDetails}/{id} (public): one facility with its logo and what it holds. */
  getCustodiansDetails: '/api/facility/getCustodiansDetails',
  /** GET {facilityLink}/{id} (public): the facility's external-request link and its embed snippet. */
  facilityLink: '/api/facility/facilityLink',
  /** GET ?origin= (public): whether a facility's settings allow that web site to embed the wizard (CORS allowlist). */
  embedOrigin: '/api/facility/embedOrigin',
  /** GET ?filterStr= (public): facilities to change to inside the wizard. */
  wizardCustodians: '/api/requestRecord/getCustodians',
  /** GET ?custodianId= (public): one facility as the wizard shows it. */
  getCustodian: '/api/requestRecord/getCustodian',
  /** GET (signed in): facilities the caller requested from before, newest first. */
  getRecentCustodians: '/api/requestRecord/getRecentCustodians',
  /** GET (signed in): the caller's family members, Myself (id `myself`) first. */
  getFamilyMembers: '/api/requestRecord/getFamilyMembers',
  /** GET ?custodianId=&alias=&custodianAliasId= (public). */
  getBodyParts: '/api/requestRecord/getBodyParts',
  /** GET ?custodianId=&alias=&custodianAliasId= (public). */
  getDocumentRequestTypes: '/api/requestRecord/getDocumentRequestTypes',
  /** GET ?custodianId= (public): whether the wizard asks a date range. */
  getDisplayDateRangeSetting: '/api/requestRecord/getDisplayDateRangeSetting',
  /** GET ?custodianId= (public): the authorization text the patient signs. */
  authorizationFormTemplate: '/api/requestRecord/authorizationFormTemplate',
  /** GET ?custodianId=&custodianAliasId= (public): everything the wizard needs for a facility, in one answer. */
  init: '/api/requestRecord/init',
  /** GET ?custodianId= (signed in): links the caller to the facility (its login page); answers the facility. */
  linkCustodian: '/api/requestRecord/linkCustodian',
  /** GET ?kind=govt_id|legal_doc (public, rate limited): the presigned upload form of a wizard file. */
  uploadForm: '/api/requestRecord/uploadForm',
  /** POST the request payload (PATIENT). */
  requestPatientRecord: '/api/requestRecord/requestPatientRecord',
  /** POST the request payload (PATIENT) from the facility-branded external wizard. */
  requestPatientRecordExternal: '/api/requestRecord/requestPatientRecord/external-request',
  /** POST the request payload (EXTERNAL_PROVIDER): a provider asks for a patient's records. */
  addProviderRequest: '/api/requestRecord/addProviderRequest',
  /** POST {patientRequestId, externalProviderEmails} (the request's owner). */
  sendEmailToExternalProviders: '/api/requestRecord/sendEmailToExternalProviders',
  /** GET {patientRequest}/{id} (the request's owner): one saved request. */
  patientRequest: '/api/requestRecord/patientRequest',
  /** GET {authorizationForm}/{id} (the request's owner): the signed authorization form, a PDF. */
  authorizationForm: '/api/requestRecord/authorizationForm',
  loadGrid: '/api/requestRecord/loadGrid',
  /** POST {name, address, phone, email} (PATIENT): the caller's own entry for a facility that is not in the catalogue; answers it as a Custodian. */
  unlistedFacility: '/api/requestRecord/unlistedFacility',
} as const;

/** How long the link mailed to an unlisted facility opens its request (once). */
export const UNLISTED_FACILITY_LINK_TTL_DAYS = 7;
/** The provider page a facility's mailed link lands on: the detail of that one request. */
export const providerRequestDetailPath = (patientRequestId: string): string =>
  `/provider/patient-request-detail/${patientRequestId}`;
