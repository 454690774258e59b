import {
  PROVIDER_WHOLE_BODY_SCAN_API as WBS_FACILITY,
  WHOLE_BODY_SCAN_API as WBS,
  GROUPS_API,
  IMAGING_API,
  PENDING_APPROVAL_API,
  PROVIDER_API,
  RECORDS_API,
  SHARING_API,
  SMART_FHIR_API as SMART_FHIR,
  SMART_API,
  FHIR_API,
  BILLING_API,
} from '@portal/contracts';
import { demoId, demoUserId } from '@portal/server-kit';
import { demoRequestId } from '@portal/requests-service';
import { DEMO_GROUPS, demoMembershipId } from '@portal/groups-service';
import { DEMO_WBS } from '@portal/records-service';

/** The demo patient's request to St. Mary Imaging Center, in provider@example.com's inbox. */
export const ST_MARY_REQUEST = demoRequestId('completed-ct');
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
/** The radiologist's report the records seed files on the demo patient's completed request (ST_MARY_REQUEST). */
export const DEMO_REPORT = demoId('records-document:completed-ct-report');
/** The matrix's share (issue 24): the owner shares DEMO_REPORT alone with viewer@example.com, who reads it as a grantee. */
export const VIEWER_SHARE = {
  notificationRecipient: [
    {
      firstName: 'Vic',
      lastName: 'Patel',
      email: 'viewer@example.com',
      id: 'viewer@example.com',
      relationship: 'Sibling',
      relationshipId: 5,
    },
  ],
  allRecords: false,
  limitedaccess: [{ patientRequestId: ST_MARY_REQUEST, studyUid: null, documentId: DEMO_REPORT }],
};
/**
 * The rule of every operation, by caller. A row names an operation that takes or returns an object
 * id, whose object it is (the owner), and what the others get; 401 without a good token and 403
 * outside the route's x-roles follow from the OpenAPI. Every other operation is listed in NO_OBJECT
 * with the reason it needs no row. A new operation in neither fails the matrix test.
 */
export type CallerName =
  | 'anonymous'
  | 'owner'
  | 'secondPatient'
  | 'provider'
  | 'coordinator'
  | 'admin'
  | 'viewer'
  | 'fhir'
  | 'expired'
  | 'revoked';

export const SIGNED_IN: CallerName[] = [
  'owner',
  'secondPatient',
  'provider',
  'coordinator',
  'admin',
  'viewer',
  'fhir',
];

/** The owner's objects, read through the API as the owner before the matrix runs. */
export interface OwnerObjects {
  personId: string;
  familyMemberId: string;
  custodianId: string;
  /** A document request of the demo request to St. Mary, read through the provider inbox as provider@example.com. */
  documentRequestId: string;
  /** A study St. Mary delivered (the demo's submitted inbox request), read from provider@example.com's welcome page. */
  providerRecordId: string;
  /** The report of that delivery (the record's first report, GET /api/provider/records/{recordId} as provider@example.com). */
  providerReportId: string;
  /** One of the owner's DICOM studies, read through QIDO (/api/dicomweb/studies) as the owner. */
  studyInstanceUid: string;
  /** A series and an instance of that study (QIDO /api/dicomweb/studies/{study}/instances as the owner). */
  seriesInstanceUid: string;
  sopInstanceUid: string;
  /** Issue 28: the owner's Smart FHIR query at the test's facility EHR, and the study it found there. */
  smartFhirIdentifier: string;
  smartFhirStudyId: string;
  /** The request the owner made from that study (its move is imaging's). */
  smartFhirRequestId: string;
  /** Issue 29: one of the owner's ImagingStudy resources (FHIR search as the owner), and an export of theirs. */
  fhirStudyId: string;
  fhirExportId: string;
  /** Issue 30: one of the owner's paid receipts (the demo plan's first payment), and a payment the admin started for Cardiology's seats. */
  receiptId: string;
  adminTransactionId: string;
}

export interface MatrixRow {
  op: string;
  url: (o: OwnerObjects) => string;
  /** The JSON body; a function when it names one of the owner's objects. */
  body?: unknown;
  /** Whose object the route is about; `owner` is the demo patient. */
  owner: CallerName;
  ownerStatus?: number;
  /** What a signed-in caller the route admits, but who does not own the object, gets. */
  otherStatus?: number;
  /** For public routes: what anyone gets. */
  publicStatus?: number;
  statuses?: Partial<Record<CallerName, number>>;
  /** Compare the ids of the owner's answer with every other caller's answer. */
  leakCheck?: boolean;
  /** Callers the owner shared the objects with: seeing them is the point. */
  sharedWith?: CallerName[];
  /** Headers the call needs besides the token (FHIR's Prefer: respond-async). */
  headers?: Record<string, string>;
}

const list = (op: string, owner: CallerName = 'owner', extra: Partial<MatrixRow> = {}): MatrixRow => ({
  op,
  url: () => op.split(' ')[1],
  owner,
  otherStatus: 200,
  leakCheck: true,
  ...extra,
});

/** Every caller's status on a public DICOMweb route: 401 without a reader, the owner 200, others 200 (a search of their own) or 404. */
const dicomweb = (op: string, url: (o: OwnerObjects) => string, search: boolean): MatrixRow => ({
  op,
  url,
  owner: 'owner',
  leakCheck: search,
  statuses: Object.fromEntries([
    ...(['anonymous', 'expired', 'revoked'] as const).map((c) => [c, 401]),
    ...SIGNED_IN.map((c) => [c, c === 'owner' ? 200 : search ? 200 : 404]),
  ]),
});
const instancePath = (o: OwnerObjects) =>
  `${IMAGING_API.studies}/${o.studyInstanceUid}/series/${o.seriesInstanceUid}/instances/${o.sopInstanceUid}`;
const DICOMWEB_SEARCHES = [
  'GET /api/dicomweb/studies',
  'GET /api/dicomweb/series',
  'GET /api/dicomweb/instances',
];
const DICOMWEB_READS: Array<[string, (o: OwnerObjects) => string]> = [
  ['GET /api/dicomweb/studies/{study}/series', (o) => `${IMAGING_API.studies}/${o.studyInstanceUid}/series`],
  [
    'GET /api/dicomweb/studies/{study}/instances',
    (o) => `${IMAGING_API.studies}/${o.studyInstanceUid}/instances`,
  ],
  [
    'GET /api/dicomweb/studies/{study}/series/{series}/instances',
    (o) => `${IMAGING_API.studies}/${o.studyInstanceUid}/series/${o.seriesInstanceUid}/instances`,
  ],
  [
    'GET /api/dicomweb/studies/{study}/metadata',
    (o) => `${IMAGING_API.studies}/${o.studyInstanceUid}/metadata`,
  ],
  [
    'GET /api/dicomweb/studies/{study}/series/{series}/metadata',
    (o) => `${IMAGING_API.studies}/${o.studyInstanceUid}/series/${o.seriesInstanceUid}/metadata`,
  ],
  [
    'GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/metadata',
    (o) => `${instancePath(o)}/metadata`,
  ],
  [
    'GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/frames/{frames}',
    (o) => `${instancePath(o)}/frames/1`,
  ],
  [
    'GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/bulkdata/{tag}',
    (o) => `${instancePath(o)}/bulkdata/7FE00010`,
  ],
  [
    'GET /api/dicomweb/studies/{study}/series/{series}/pixeldata',
    (o) => `${IMAGING_API.studies}/${o.studyInstanceUid}/series/${o.seriesInstanceUid}/pixeldata`,
  ],
  ['GET /api/dicomweb/studies/{study}', (o) => `${IMAGING_API.studies}/${o.studyInstanceUid}`],
  [
    'GET /api/dicomweb/studies/{study}/series/{series}',
    (o) => `${IMAGING_API.studies}/${o.studyInstanceUid}/series/${o.seriesInstanceUid}`,
  ],
  ['GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}', (o) => instancePath(o)],
  ...(['rendered', 'thumbnail'] as const).flatMap((kind): Array<[string, (o: OwnerObjects) => string]> => [
    [
      `GET /api/dicomweb/studies/{study}/${kind}`,
      (o) => `${IMAGING_API.studies}/${o.studyInstanceUid}/${kind}`,
    ],
    [
      `GET /api/dicomweb/studies/{study}/series/{series}/${kind}`,
      (o) => `${IMAGING_API.studies}/${o.studyInstanceUid}/series/${o.seriesInstanceUid}/${kind}`,
    ],
    [
      `GET /api/dicomweb/studies/{study}/series/{series}/instances/{sop}/${kind}`,
      (o) => `${instancePath(o)}/${kind}`,
    ],
  ]),
];

/**
 * A FHIR route (issue 29): public to the portal's guard, its caller resolved by FhirGuard from the
 * bearer (a SMART app's token, or a patient's own session as here): 401 without a good token, 403 for
 * the session of anyone but a patient. The owner gets `own`; another patient `other`: 404 for the
 * owner's resources (ids cannot be probed), 200 for a search of their own record.
 */
const fhirRow = (
  op: string,
  url: (o: OwnerObjects) => string,
  own: number,
  other: number,
  extra: Partial<MatrixRow> = {},
): MatrixRow => ({
  op,
  url,
  owner: 'owner',
  leakCheck: other < 300,
  statuses: {
    anonymous: 401,
    expired: 401,
    revoked: 401,
    owner: own,
    secondPatient: other,
    provider: 403,
    coordinator: 403,
    admin: 403,
    viewer: 403,
    fhir: 403,
  },
  ...extra,
});
const PATIENT_ID = demoUserId('patient@example.com');
const A_STUDY = {
  resourceType: 'ImagingStudy',
  status: 'available',
  subject: { reference: `Patient/${PATIENT_ID}` },
};

export const ROWS: MatrixRow[] = [
  {
    op: 'GET /api/myIdentity/getPerson',
    url: (o) => `/api/myIdentity/getPerson?personId=${o.personId}`,
    owner: 'owner',
    otherStatus: 404,
    leakCheck: true,
  },
  // The owner's address: the owner gets their person id, anyone else 'Person entry not found' (no id, no existence).
  {
    op: 'POST /api/getUserInformation',
    url: () => '/api/getUserInformation',
    body: { email: 'patient@example.com' },
    owner: 'owner',
    otherStatus: 200,
    leakCheck: true,
  },
  list('GET /api/myIdentity/getPerson'),
  list('GET /api/myIdentity/familyMembers'),
  list('GET /api/requestRecord/loadGrid'),
  list('GET /api/myRecords/studyData', 'owner', { sharedWith: ['viewer'] }),
  list('GET /api/getSharedUsersList'),
  // A PNG, no ids to compare; no share grant reaches imaging before the sharing issue: the viewer gets 404 too.
  {
    op: 'GET /api/imaging/studies/{studyInstanceUid}/thumbnail',
    url: (o) => IMAGING_API.thumbnail(o.studyInstanceUid),
    owner: 'owner',
    otherStatus: 404,
  },
  list('GET /api/getPatientRequestsForExternalProvider', 'provider'),
  // The demo admin administers the coordinator's patient group (Cardiology) through its admin group (Northgate).
  list('GET /api/groups/loadGrid', 'coordinator', { sharedWith: ['admin'] }),
  // Groups (issue 26, decision 0027). Callers outside the staff roles get 403 from x-roles; a group the
  // caller is not staff of is a 404 like one that does not exist (the coordinator on Oncology, a patient
  // group of the admin's); an admin's act by a coordinator of the group is a 403. The rest of the rules
  // (invite, accept, reject, leave, proved addresses, logs) are in services/groups/test/groups.int-spec.ts.
  {
    op: 'GET /api/groups/getDetails',
    url: () => `${GROUPS_API.getDetails}?groupId=${DEMO_GROUPS.cardiology}`,
    owner: 'coordinator',
    statuses: { admin: 200 },
    sharedWith: ['admin'],
    leakCheck: true,
  },
  {
    op: 'GET /api/groups/getDetails',
    url: () => `${GROUPS_API.getDetails}?groupId=${DEMO_GROUPS.oncology}`,
    owner: 'admin',
    statuses: { coordinator: 404 },
    leakCheck: true,
  },
  list('GET /api/groups/worklist', 'coordinator', { sharedWith: ['admin'] }),
  // The open requests of the coordinator's members (the requests context, from the groups' memberships).
  list('GET /api/requests/coordinatorWorklist', 'coordinator', { sharedWith: ['admin'] }),
  {
    op: 'GET /api/groups/worklist',
    url: () => `${GROUPS_API.worklist}?groupId=${DEMO_GROUPS.oncology}`,
    owner: 'admin',
    statuses: { coordinator: 404 },
  },
  { op: 'GET /api/groups/getRoles', url: () => GROUPS_API.getRoles, owner: 'coordinator', otherStatus: 200 },
  {
    op: 'GET /api/groups/getLogs',
    url: () => `${GROUPS_API.getLogs}?groupId=${DEMO_GROUPS.cardiology}`,
    owner: 'admin',
    statuses: { coordinator: 403 },
    leakCheck: true,
  },
  {
    op: 'GET /api/groups/getLogs',
    url: () => `${GROUPS_API.getLogs}?groupId=${DEMO_GROUPS.oncology}`,
    owner: 'admin',
    statuses: { coordinator: 404 },
  },
  {
    op: 'POST /api/groups/sendMemberInvite',
    url: () => GROUPS_API.sendMemberInvite,
    body: { membershipId: demoMembershipId('cardiology', 'patient2@example.com') },
    owner: 'coordinator',
    statuses: { admin: 200 },
  },
  {
    op: 'POST /api/groups/addMember',
    url: () => GROUPS_API.addMember,
    body: {
      groupId: DEMO_GROUPS.oncology,
      email: 'matrix.member@example.com',
      firstName: 'Matrix',
      lastName: 'Member',
      role: 'PATIENT',
      permissions: ['VIEW_RECORDS'],
    },
    owner: 'admin',
    ownerStatus: 201,
    statuses: { coordinator: 404 },
  },
  {
    op: 'POST /api/groups/updateDetails',
    url: () => GROUPS_API.updateDetails,
    body: {
      membershipId: demoMembershipId('cardiology', 'coordinator@example.com'),
      permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS', 'UPLOAD_RECORDS'],
    },
    owner: 'admin',
    statuses: { coordinator: 403 },
  },
  {
    op: 'POST /api/groups/updateGroupInfo',
    url: () => GROUPS_API.updateGroupInfo,
    body: { groupId: DEMO_GROUPS.cardiology, name: 'Cardiology Patients' },
    owner: 'admin',
    statuses: { coordinator: 403 },
  },
  {
    op: 'POST /api/groups/addPatientGroup',
    url: () => GROUPS_API.addPatientGroup,
    body: { adminGroupId: DEMO_GROUPS.northgate, name: 'Matrix Patients' },
    owner: 'admin',
    ownerStatus: 201,
    statuses: { coordinator: 404 },
  },
  {
    op: 'POST /api/groups/deleteMember',
    url: () => GROUPS_API.deleteMember,
    body: { membershipId: demoMembershipId('oncology', 'multi@example.com') },
    owner: 'admin',
    statuses: { coordinator: 404 },
  },
  // The member's side, any signed-in caller: their own memberships only. The coordinator shares the owner's group.
  list('GET /api/groups/myMemberships', 'owner', { sharedWith: ['coordinator'] }),
  list('GET /api/groups/onMyBehalf', 'owner', { sharedWith: ['coordinator'] }),
  list('GET /api/pendingApproval/loadGrid'),
  // patient2@example.com's invitation (not a matrix caller): nobody else answers it.
  ...(['acceptInvite', 'rejectInvite'] as const).map((name): MatrixRow => ({
    op: `POST ${PENDING_APPROVAL_API[name]}`,
    url: () => PENDING_APPROVAL_API[name],
    body: { membershipId: demoMembershipId('cardiology', 'patient2@example.com') },
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  })),
  list('GET /api/notificationSettings'),
  list('GET /api/user/roles'),
  list('GET /api/user/role'),
  {
    op: 'GET /api/facility/getCustodiansDetails/{id}',
    url: (o) => `/api/facility/getCustodiansDetails/${o.custodianId}`,
    owner: 'owner',
  },
  {
    op: 'GET /api/facility/facilityLink/{id}',
    url: (o) => `/api/facility/facilityLink/${o.custodianId}`,
    owner: 'owner',
  },
  {
    op: 'GET /api/requestRecord/patientRequest/{id}',
    url: () => `/api/requestRecord/patientRequest/${demoRequestId('open-mri')}`,
    owner: 'owner',
    otherStatus: 404,
    leakCheck: true,
  },
  // Seeded requests predate the wizard and have no signed form: 404 for the owner too. The owner-only
  // rule on a real form is in services/requests/test/requests.int-spec.ts.
  {
    op: 'GET /api/requestRecord/authorizationForm/{id}',
    url: () => `/api/requestRecord/authorizationForm/${demoRequestId('open-mri')}`,
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  // The demo patient has no delivered document: 404 for everyone here. The owner-only rule on a real
  // delivered report is in services/gateway/test/request-life.int-spec.ts and services/records/test/library.int-spec.ts.
  {
    op: 'GET /api/getFileContent/{documentId}',
    url: () => '/api/getFileContent/00000000-0000-4000-8000-00000000d0c1',
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'POST /api/requestRecord/sendEmailToExternalProviders',
    url: () => '/api/requestRecord/sendEmailToExternalProviders',
    body: { patientRequestId: demoRequestId('open-mri'), externalProviderEmails: ['imaging@clinic.example'] },
    owner: 'owner',
    ownerStatus: 201,
    otherStatus: 404,
  },
  // The provider area (issue 10): St. Mary's staff (provider@example.com) on the demo request to St. Mary.
  // Every other caller is outside the EXTERNAL_PROVIDER role (403); another facility's staff get 404
  // for each of these ids (services/provider/test/provider.int-spec.ts, provider2@example.com).
  {
    op: 'GET /api/provider/dataRequests/{id}',
    url: () => PROVIDER_API.dataRequest(ST_MARY_REQUEST),
    owner: 'provider',
    leakCheck: true,
  },
  {
    op: 'GET /api/{id}/getDocuments/{docReqId}',
    url: (o) => PROVIDER_API.documents(ST_MARY_REQUEST, o.documentRequestId),
    owner: 'provider',
  },
  {
    op: 'GET /api/{id}/getOtherDocuments',
    url: () => PROVIDER_API.otherDocuments(ST_MARY_REQUEST),
    owner: 'provider',
  },
  {
    op: 'GET /api/provider/dataRequests/{id}/otherDocuments/{otherId}',
    url: () => PROVIDER_API.otherDocumentContent(ST_MARY_REQUEST, NO_SUCH_ID),
    owner: 'provider',
    ownerStatus: 404,
  },
  {
    op: 'GET /api/provider/dataRequests/{id}/documents/{docId}',
    url: () => PROVIDER_API.documentContent(ST_MARY_REQUEST, NO_SUCH_ID),
    owner: 'provider',
    ownerStatus: 404,
  },
  {
    op: 'POST /api/generateS3PresignedURL',
    url: () => PROVIDER_API.uploadForms,
    body: (o: OwnerObjects) => ({
      patientRequestId: ST_MARY_REQUEST,
      documentRequestId: o.documentRequestId,
      files: [{ fileName: 'report.pdf', size: 10 }],
    }),
    owner: 'provider',
    ownerStatus: 201,
  },
  // A key from no form of this request: answered with the file refused, nothing kept.
  {
    op: 'POST /api/addDocuments',
    url: () => PROVIDER_API.addDocuments,
    body: (o: OwnerObjects) => ({
      patientRequestId: ST_MARY_REQUEST,
      documentRequestId: o.documentRequestId,
      uploadedDocuments: [{ key: 'wizard/govt_id/x', file_name: 'a.pdf', path: 'a.pdf' }],
    }),
    owner: 'provider',
    ownerStatus: 201,
  },
  {
    op: 'POST /api/deleteDocument',
    url: () => PROVIDER_API.deleteDocument,
    body: (o: OwnerObjects) => ({
      patientRequestId: ST_MARY_REQUEST,
      documentRequestId: o.documentRequestId,
      documentId: NO_SUCH_ID,
    }),
    owner: 'provider',
    ownerStatus: 404,
  },
  // Nothing uploaded: the facility cannot submit yet.
  {
    op: 'POST /api/markPatientRequestAsUploaded',
    url: () => PROVIDER_API.markUploaded,
    body: { patientRequestId: ST_MARY_REQUEST },
    owner: 'provider',
    ownerStatus: 400,
  },
  {
    op: 'POST /api/rejectDocumentRequest',
    url: () => PROVIDER_API.reject,
    body: (o: OwnerObjects) => ({
      patientRequestId: ST_MARY_REQUEST,
      documentRequestId: o.documentRequestId,
      nrrType: 'RECORDS_FILMS_ARE_LOST',
    }),
    owner: 'provider',
    ownerStatus: 201,
  },
  {
    op: 'POST /api/cancelDocumentRequestRejection',
    url: () => PROVIDER_API.cancelRejection,
    body: (o: OwnerObjects) => ({
      patientRequestId: ST_MARY_REQUEST,
      documentRequestId: o.documentRequestId,
    }),
    owner: 'provider',
    ownerStatus: 201,
  },
  // The records library (issue 11). A grid snapshot, a star and a document need objects the matrix
  // cannot name beforehand (a snapshot identifier, a study id): 404 for everyone here; the owner-only
  // rules on real ones (another patient's snapshot, study or document is a 404) are in
  // services/records/test/grid.int-spec.ts.
  list('GET /api/v2/myRecords/loadGrid'),
  {
    op: 'GET /api/v2/myRecords/loadGrid',
    url: (o) => `${RECORDS_API.loadGrid}?personId=${o.personId}`,
    owner: 'owner',
    otherStatus: 404,
  },
  {
    op: 'GET /api/v2/myRecords/checkData',
    url: () => `${RECORDS_API.checkData}?identifier=${NO_SUCH_ID}`,
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'GET /api/v2/myRecords/fetchData',
    url: () => `${RECORDS_API.fetchData}?identifier=${NO_SUCH_ID}&chunkSize=500&chunkOffset=0`,
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  list('GET /api/myRecords/init'),
  {
    op: 'GET /api/myRecords/init',
    url: (o) => `${RECORDS_API.init}?personId=${o.personId}`,
    owner: 'owner',
    otherStatus: 404,
  },
  {
    op: 'POST /api/myRecords/starResponse',
    url: () => RECORDS_API.starResponse,
    body: {
      patientRequestId: demoRequestId('completed-ct'),
      cfindResponseId: NO_SUCH_ID,
      docReqType: 'IMAGES',
    },
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'POST /api/myRecords/unstarResponse',
    url: () => RECORDS_API.unstarResponse,
    body: {
      patientRequestId: demoRequestId('completed-ct'),
      cfindResponseId: NO_SUCH_ID,
      docReqType: 'IMAGES',
    },
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  // No share grants exist before the sharing issue: no record is shared with anyone yet.
  {
    op: 'POST /api/sharedWithMe/starResponse',
    url: () => RECORDS_API.sharedStarResponse,
    body: {
      patientRequestId: demoRequestId('completed-ct'),
      studyUid: '1.2.3',
      documentId: null,
      starred: true,
    },
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  // The viewer is shared the report of this request (VIEWER_SHARE): they read it with that response only.
  {
    op: 'GET /api/patientRequest/{id}',
    url: () => RECORDS_API.patientRequest(demoRequestId('completed-ct')),
    owner: 'owner',
    otherStatus: 404,
    statuses: { viewer: 200 },
    sharedWith: ['viewer'],
    leakCheck: true,
  },
  {
    op: 'GET /api/patientRequest/{id}/documents/counts',
    url: () => RECORDS_API.documentCounts(demoRequestId('completed-ct')),
    owner: 'owner',
    otherStatus: 404,
  },
  {
    op: 'GET /api/patientRequest/{id}/documentRequests/{docReqId}/documents/{docId}',
    url: () => RECORDS_API.documentById(demoRequestId('completed-ct'), NO_SUCH_ID, NO_SUCH_ID),
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  list('GET /api/provider/records', 'provider'),
  {
    op: 'POST /api/provider/records/star',
    url: () => PROVIDER_API.starRecord,
    body: { documentId: NO_SUCH_ID, starred: true },
    owner: 'provider',
    ownerStatus: 404,
  },
  // The record view of a delivered study (issue 24): St. Mary's staff only; every other caller is outside
  // the role (403). Another facility's staff get 404 (services/provider/test/provider.int-spec.ts).
  {
    op: 'GET /api/provider/records/{recordId}',
    url: (o) => PROVIDER_API.record(o.providerRecordId),
    owner: 'provider',
    leakCheck: true,
  },
  {
    op: 'GET /api/provider/records/{recordId}/viewerToken',
    url: (o) => PROVIDER_API.recordViewerToken(o.providerRecordId),
    owner: 'provider',
  },
  {
    op: 'GET /api/provider/records/{recordId}/reports/{documentId}',
    url: (o) => PROVIDER_API.recordReport(o.providerRecordId, o.providerReportId),
    owner: 'provider',
  },
  // The records library's files (issue 11): the demo patient's report on the completed request. The viewer
  // it is shared with (VIEWER_SHARE, issue 24) reads it by the owner's rule; every other caller inside the
  // route's roles gets 404 like any non-owner.
  {
    op: 'GET /api/{patientRequestId}/getAttachments/{responseId}',
    url: () => RECORDS_API.attachments(ST_MARY_REQUEST, DEMO_REPORT),
    owner: 'owner',
    otherStatus: 404,
    statuses: { viewer: 200 },
    sharedWith: ['viewer'],
    leakCheck: true,
  },
  {
    op: 'GET /api/{patientRequestId}/getAttachmentContent/{attachmentId}',
    url: () => RECORDS_API.attachmentContent(ST_MARY_REQUEST, DEMO_REPORT),
    owner: 'owner',
    otherStatus: 404,
    statuses: { viewer: 200 },
  },
  {
    op: 'GET /api/{patientRequestId}/generatePdf/{responseId}',
    url: () => RECORDS_API.generatePdf(ST_MARY_REQUEST, DEMO_REPORT),
    owner: 'owner',
    otherStatus: 404,
    statuses: { viewer: 200 },
  },
  {
    op: 'GET /api/{patientRequestId}/enhancedReport/{attachmentId}',
    url: () => RECORDS_API.enhancedReport(ST_MARY_REQUEST, DEMO_REPORT),
    owner: 'owner',
    otherStatus: 404,
  },
  // No enhanced report of the owner exists before the matrix: 404 for everyone. The owner-only rule on a
  // real one is in services/records/test/attachments.int-spec.ts.
  {
    op: 'GET /api/enhancedReport/{identifier}',
    url: () => RECORDS_API.enhancedReportStatus(NO_SUCH_ID),
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  // A key from no self-upload form of the caller, filed under the owner's family member: refused before
  // anything is read (400) for everyone. Another user's key (400) and family member (404) on real uploads
  // are in services/records/test/uploads.int-spec.ts.
  {
    op: 'POST /api/myRecords/manuallyUploadImages',
    url: () => RECORDS_API.manuallyUploadImages,
    body: (o: OwnerObjects) => ({
      uploaded_images: [{ id: 'wizard/govt_id/x', path: 'a.pdf', file_name: 'a.pdf' }],
      family_member_id: o.familyMemberId,
      personId: o.personId,
      examDate: '01/03/2025',
      recordName: 'Report',
      recordType: 'REPORTS',
    }),
    owner: 'owner',
    ownerStatus: 400,
    otherStatus: 400,
  },
  {
    op: 'PUT /api/myIdentity/familyMembers/{id}',
    url: (o) => `/api/myIdentity/familyMembers/${o.familyMemberId}`,
    body: { firstName: 'Sam', lastName: 'Jordan', relationshipTypeId: 4 },
    owner: 'owner',
    otherStatus: 404,
  },
  // Part A of issue 12 (DICOMweb and Download All): public to the guard, the reader is the bearer user or an
  // image-viewer-token (StudyAccess), so every caller's answer is listed: no reader 401, a search answers
  // only the caller's own studies (200), a read of the owner's study is 404 for anyone else.
  ...DICOMWEB_SEARCHES.map((op) => dicomweb(op, () => op.split(' ')[1], true)),
  ...DICOMWEB_READS.map(([op, url]) => dicomweb(op, url, false)),
  // The viewer calls of issue 12: the viewer study and instance image read like DICOMweb (bearer or
  // image-viewer-token). A viewer token is asked for by a user; for a study not theirs the answer is
  // study_available false with no token (200, nothing to leak), the same as for a study still coming.
  dicomweb(
    'GET /api/imaging/viewer/studies/{study}/organizations/{organizationId}',
    (o) => IMAGING_API.viewerStudy(o.studyInstanceUid, o.custodianId),
    false,
  ),
  dicomweb(
    'GET /api/imaging/viewer/studies/{study}/series/{series}/instances/{sop}/frames/{frame}',
    (o) => IMAGING_API.instanceImage(o.studyInstanceUid, o.seriesInstanceUid, o.sopInstanceUid, 1),
    false,
  ),
  // Issue 31: a study's measurements and key images read like the viewer calls (bearer or
  // image-viewer-token: the owner 200, anyone the study is not shared with 404, no reader 401); only the
  // owner's own session saves. A share recipient's and a public link's read-only answers (canWrite false,
  // 403 on PUT), the 409 of a stale version and the 400s are in services/imaging/test/annotations.int-spec.ts.
  dicomweb(
    'GET /api/imaging/studies/{studyInstanceUid}/annotations',
    (o) => IMAGING_API.annotations(o.studyInstanceUid),
    false,
  ),
  {
    ...dicomweb(
      'PUT /api/imaging/studies/{studyInstanceUid}/annotations',
      (o) => IMAGING_API.annotations(o.studyInstanceUid),
      false,
    ),
    body: { measurements: [], keyImages: [], version: 0 },
  },
  {
    op: 'GET /api/imaging/studies/{studyInstanceUid}/viewerToken',
    url: (o) => IMAGING_API.viewerToken(o.studyInstanceUid),
    owner: 'owner',
    otherStatus: 200,
  },
  // Sharing (issue 13): the owner's people and records. Other patients naming the owner's record or person
  // get 404; callers outside PATIENT get 403 from the route's roles. A person, link or study id the matrix
  // cannot know beforehand is a 404 for everyone here; the owner rules on real ones (and the access
  // matrix of owner, invited-all, invited-limited, revoked and stranger) are in
  // services/gateway/test/sharing-access.int-spec.ts.
  list('GET /api/sharing/records'),
  list('GET /api/sharing/viewerLinks'),
  {
    op: 'GET /api/{patientRequestId}/recipients',
    url: () => `${SHARING_API.recipients(ST_MARY_REQUEST)}?documentId=${DEMO_REPORT}`,
    owner: 'owner',
    otherStatus: 404,
    leakCheck: true,
  },
  {
    op: 'GET /api/sharing/records/{patientRequestId}/people',
    url: () => `${SHARING_API.sharedWithPeople(ST_MARY_REQUEST)}?documentId=${DEMO_REPORT}`,
    owner: 'owner',
    otherStatus: 404,
    leakCheck: true,
  },
  {
    op: 'POST /api/shareRecords',
    url: () => SHARING_API.shareRecords,
    body: {
      notificationRecipient: [
        {
          firstName: 'Matrix',
          lastName: 'Invitee',
          email: 'matrix.invitee@example.com',
          id: 'matrix.invitee@example.com',
          relationship: 'Sibling',
          relationshipId: 5,
        },
      ],
      allRecords: false,
      limitedaccess: [{ patientRequestId: ST_MARY_REQUEST, studyUid: null, documentId: DEMO_REPORT }],
    },
    owner: 'owner',
    ownerStatus: 201,
    otherStatus: 404,
  },
  {
    op: 'POST /api/sendISOFile',
    url: () => SHARING_API.sendISOFile,
    body: { notificationRecipients: [], patientRequestId: ST_MARY_REQUEST, documentId: DEMO_REPORT },
    owner: 'owner',
    ownerStatus: 200,
    otherStatus: 404,
  },
  {
    op: 'POST /api/disablePatientToShareRecord',
    url: () => SHARING_API.disablePatientToShareRecord,
    body: {
      patientRequestId: ST_MARY_REQUEST,
      documentId: DEMO_REPORT,
      recipient: [{ patient_portal_user_id: NO_SUCH_ID, is_enabled: true }],
    },
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'PUT /api/removeAccess/{id}',
    url: () => SHARING_API.removeAccess(NO_SUCH_ID),
    body: { study_uuid: null, document_id: null },
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'PUT /api/removeSharedUser/{id}',
    url: () => SHARING_API.removeSharedUser(NO_SUCH_ID),
    body: {},
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'GET /api/sharing/people/{id}',
    url: () => SHARING_API.sharedPerson(NO_SUCH_ID),
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'PUT /api/sharing/people/{id}/expiry',
    url: () => SHARING_API.sharedPersonExpiry(NO_SUCH_ID),
    body: { expiresAt: null },
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'POST /api/sharing/printAccessPage',
    url: () => SHARING_API.printAccessPage,
    body: { patientRequestId: ST_MARY_REQUEST, studyUid: '1.2.3.4.5' },
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  // Issue 29: a SMART Health Link of the owner's record; anyone else naming it gets 404.
  {
    op: 'POST /api/sharing/healthLinks',
    url: () => SHARING_API.healthLinks,
    body: { patientRequestId: ST_MARY_REQUEST, passcode: 'matrix-passcode' },
    owner: 'owner',
    ownerStatus: 201,
    otherStatus: 404,
  },
  // Issue 29: the patient's connected apps (the demo owner has none yet); a revoke names an authorization of the caller's own or is 404.
  list('GET /api/smart/connectedApps'),
  {
    op: 'POST /api/smart/connectedApps/{authorizationId}/revoke',
    url: () => SMART_API.revokeApp(NO_SUCH_ID),
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'POST /api/shareWithFacility',
    url: () => SHARING_API.shareWithFacility,
    body: {
      patientRequestId: ST_MARY_REQUEST,
      custodian: 'c1',
      studyUid: '1.2.3.4.5',
      note: '',
      email: 'desk@facility.example',
    },
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'DELETE /api/sharing/viewerLinks/{id}',
    url: () => SHARING_API.viewerLink(NO_SUCH_ID),
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  // Any signed-in caller may ask (an invited viewer downloads what is shared); the study is checked.
  {
    op: 'GET /api/generateIdentifierForISO',
    url: () =>
      `${SHARING_API.generateIdentifierForISO}?patientRequestId=${ST_MARY_REQUEST}&studyUid=1.2.3.4.5`,
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'GET /api/downloadAllAttachments',
    url: () => `${SHARING_API.downloadAllAttachments}?patientRequestId=${ST_MARY_REQUEST}&studyUid=1.2.3.4.5`,
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  // Issue 27: whole body scans. The patient's reads of their own scan, finding, documents and tasks; anyone
  // else's is 404 (another patient's scan looks missing). The facility side is provider@example.com's, the
  // staff of the demo's whole-body-scan facility; no other caller has the EXTERNAL_PROVIDER role.
  list('GET /api/wholeBodyScan/loadGrid'),
  list('GET /api/getPatientPlusUIData'),
  list('GET /api/wholeBodyScan/followUps'),
  {
    op: 'GET /api/wholeBodyScan/{id}',
    url: () => WBS.scan(DEMO_WBS.recentScan),
    owner: 'owner',
    otherStatus: 404,
  },
  {
    op: 'GET /api/wholeBodyScan/{id}/videoReports',
    url: () => WBS.videoReports(DEMO_WBS.recentScan),
    owner: 'owner',
    otherStatus: 404,
  },
  {
    op: 'GET /api/wholeBodyScan/{id}/videoReport/{videoReportId}',
    url: () => WBS.videoReport(DEMO_WBS.recentScan, DEMO_WBS.videoReport),
    owner: 'owner',
    otherStatus: 404,
  },
  {
    op: 'GET /api/wholeBodyScan/{id}/findingDocuments/{findingId}',
    url: () => WBS.findingDocuments(DEMO_WBS.recentScan, DEMO_WBS.majorFinding),
    owner: 'owner',
    otherStatus: 404,
  },
  {
    op: 'GET /api/wholeBodyScan/{id}/findingDocument/{findingId}/{docId}',
    url: () => WBS.findingDocument(DEMO_WBS.recentScan, DEMO_WBS.majorFinding, DEMO_WBS.majorFindingPdf),
    owner: 'owner',
    otherStatus: 404,
  },
  {
    op: 'POST /api/wholeBodyScan/requestConsultation',
    url: () => WBS.requestConsultation,
    body: { wholeBodyScanId: DEMO_WBS.recentScan, note: 'Authorization matrix: may I ask?' },
    owner: 'owner',
    ownerStatus: 201,
    otherStatus: 404,
  },
  {
    op: 'PATCH /api/wholeBodyScan/followUps/{taskId}',
    url: () => WBS.followUp(DEMO_WBS.majorFindingFollowUp),
    body: { done: false },
    owner: 'owner',
    otherStatus: 404,
  },
  // Issue 28: Smart FHIR. Patients and SMART_FHIR users query for themselves; another's query or found study is 404.
  list('GET /api/smartFhir/initLoadGrid'),
  {
    op: 'GET /api/smartFhir/loadGridByIdentifier',
    url: (o) => `${SMART_FHIR.loadGridByIdentifier}?identifier=${o.smartFhirIdentifier}`,
    owner: 'owner',
    otherStatus: 404,
  },
  {
    op: 'POST /api/smartFhir/generatePatientRequestFromCfindResponse',
    url: () => SMART_FHIR.generatePatientRequestFromCfindResponse,
    body: (o: OwnerObjects) => ({ cfindResponseId: o.smartFhirStudyId }),
    owner: 'owner',
    ownerStatus: 201,
    otherStatus: 404,
  },
  {
    op: 'GET /api/imaging/studyMoves/{patientRequestId}',
    url: (o) => IMAGING_API.studyMove(o.smartFhirRequestId),
    owner: 'owner',
    otherStatus: 404,
  },
  list('GET /api/wholeBodyScanFacility/setup', 'provider'),
  {
    ...list('GET /api/wholeBodyScanFacility/patients', 'provider'),
    url: () => `${WBS_FACILITY.patients}?search=Jordan`,
  },
  {
    ...list('GET /api/wholeBodyScanFacility/keyImageCandidates', 'provider'),
    url: () => `${WBS_FACILITY.keyImageCandidates}?patientRequestId=${ST_MARY_REQUEST}`,
  },
  {
    op: 'GET /api/wholeBodyScanFacility/uploadForm',
    url: () => `${WBS_FACILITY.uploadForm}?fileName=report.pdf&size=100&kind=PDF_REPORT`,
    owner: 'provider',
  },
  list('GET /api/wholeBodyScanFacility', 'provider'),
  list('GET /api/wholeBodyScanFacility/consultations', 'provider'),
  {
    op: 'POST /api/wholeBodyScanFacility',
    url: () => WBS_FACILITY.scans,
    body: {
      patientRequestId: ST_MARY_REQUEST,
      scanDate: '2026-01-05',
      patientSex: 'OTHER',
      priorScanId: null,
      findings: [{ findingTypeId: demoId('wbs-finding-type:brain'), outcome: 'NO_ADVERSE_FINDING' }],
      videoReports: [],
    },
    owner: 'provider',
    ownerStatus: 201,
  },
  {
    op: 'POST /api/wholeBodyScanFacility/import',
    url: () => WBS_FACILITY.importFhir,
    body: {
      resourceType: 'DiagnosticReport',
      status: 'final',
      code: { text: 'Whole body MRI' },
      subject: { identifier: { value: ST_MARY_REQUEST } },
      effectiveDateTime: '2026-01-06',
      contained: [{ resourceType: 'Observation', id: 'o1', status: 'final', code: { text: 'Brain' } }],
      result: [{ reference: '#o1' }],
    },
    owner: 'provider',
    ownerStatus: 201,
  },
  {
    op: 'POST /api/wholeBodyScanFacility/consultations/{consultationId}/meetings',
    url: () => WBS_FACILITY.scheduleMeeting(DEMO_WBS.requestedConsultation),
    body: { scheduledStart: new Date(Date.now() + 7 * 86_400_000).toISOString(), durationMinutes: 30 },
    owner: 'provider',
    ownerStatus: 201,
  },
  // Issue 27: the video meetings (decision 0028). A link names one participant: the demo's open meeting's
  // patient link is the owner's; anyone else gets 403 (not 404: the link is real, only not theirs). The
  // calls in the room also need the room token of a join, which the matrix sends none of: the owner gets
  // 409 there, and the link check comes first for everyone else (services/records/test/video-meetings.int-spec.ts).
  ...(
    [
      ['GET', 'check', 200, undefined],
      ['POST', 'join', 200, undefined],
      ['GET', 'signals', 409, undefined],
      ['POST', 'signals', 409, { to: NO_SUCH_ID, kind: 'offer', payload: { type: 'offer', sdp: 'v=0' } }],
      ['POST', 'admit', 409, { participantId: NO_SUCH_ID }],
      ['POST', 'leave', 409, undefined],
      ['POST', 'end', 409, undefined],
    ] as const
  ).map(([method, call, ownerStatus, body]): MatrixRow => ({
    op: `${method} /api/videoMeeting/{meetingId}/{participantId}/${call}`,
    url: () => `/api/videoMeeting/${DEMO_WBS.openMeeting}/${DEMO_WBS.openMeetingPatientParticipant}/${call}`,
    body,
    owner: 'owner',
    ownerStatus,
    otherStatus: 403,
  })),
  // Issue 29: the FHIR API. Reads and searches of the owner's record; every write is refused (403: no
  // token has a write scope); the owner's Bulk Data export (started before the matrix) is theirs alone.
  fhirRow('GET /api/fhir/{type}/{id}', (o) => FHIR_API.read('ImagingStudy', o.fhirStudyId), 200, 404),
  fhirRow('GET /api/fhir/{type}/{id}', () => FHIR_API.read('Patient', PATIENT_ID), 200, 404),
  fhirRow('GET /api/fhir/{type}/{id}', () => FHIR_API.read('DiagnosticReport', DEMO_REPORT), 200, 404),
  // The portal's DICOMweb Endpoint is the same for every patient.
  fhirRow('GET /api/fhir/{type}/{id}', () => FHIR_API.read('Endpoint', 'dicomweb'), 200, 200, {
    leakCheck: false,
  }),
  fhirRow('GET /api/fhir/Binary/{id}', () => FHIR_API.binary(DEMO_REPORT), 200, 404),
  fhirRow('GET /api/fhir/{type}', () => FHIR_API.search('ImagingStudy'), 200, 200),
  // Another patient naming the owner gets an empty searchset (its self link repeats the id they sent).
  fhirRow(
    'GET /api/fhir/{type}',
    () => `${FHIR_API.search('DocumentReference')}?patient=${PATIENT_ID}`,
    200,
    200,
    {
      leakCheck: false,
    },
  ),
  fhirRow('GET /api/fhir/{type}', () => FHIR_API.search('Consent'), 200, 200),
  fhirRow('GET /api/fhir/{type}', () => FHIR_API.search('AuditEvent'), 200, 200),
  fhirRow('GET /api/fhir/Patient/{id}/$everything', () => FHIR_API.everything(PATIENT_ID), 200, 404),
  // With Prefer: respond-async (the export made before the matrix has ended, so a new one may start).
  fhirRow('GET /api/fhir/Patient/{id}/$export', () => FHIR_API.export(PATIENT_ID), 202, 404, {
    headers: { prefer: 'respond-async' },
  }),
  fhirRow('GET /api/fhir/$export-status/{exportId}', (o) => FHIR_API.exportStatus(o.fhirExportId), 200, 404),
  fhirRow(
    'GET /api/fhir/$export-files/{exportId}/{file}',
    (o) => FHIR_API.exportFile(o.fhirExportId, 'Patient.ndjson'),
    200,
    404,
  ),
  fhirRow(
    'DELETE /api/fhir/$export-status/{exportId}',
    (o) => FHIR_API.exportStatus(o.fhirExportId),
    202,
    404,
  ),
  fhirRow('POST /api/fhir', () => FHIR_API.base, 403, 403, {
    body: { resourceType: 'Bundle', type: 'transaction' },
  }),
  ...(['POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) =>
    fhirRow(`${method} /api/fhir/{type}`, () => FHIR_API.search('ImagingStudy'), 403, 403, {
      body: method === 'DELETE' ? undefined : A_STUDY,
    }),
  ),
  ...(['PUT', 'PATCH', 'DELETE'] as const).map((method) =>
    fhirRow(
      `${method} /api/fhir/{type}/{id}`,
      (o) => FHIR_API.read('ImagingStudy', o.fhirStudyId),
      403,
      403,
      {
        body: method === 'DELETE' ? undefined : A_STUDY,
      },
    ),
  ),
  // What the owner's apps read, and "Download everything" (each patient's own).
  list('GET /api/fhirAccess/appReads'),
  list('GET /api/fhirAccess/backup'),
  { ...list('POST /api/fhirAccess/backup'), body: {}, ownerStatus: 202, otherStatus: 202 },
  // Issue 24: the person shared with leaves the owner's share (the viewer's, VIEWER_SHARE; late, since it ends
  // the grant the rows above read with). Anyone else naming the owner shares nothing with them: 404.
  {
    op: 'DELETE /api/sharing/sharedWithMe/{ownerUserId}',
    url: () => SHARING_API.leaveShare(demoUserId('patient@example.com')),
    owner: 'viewer',
    otherStatus: 404,
  },
  // The owner leaves the coordinator's group (late: it ends the membership the group rows above read); anyone else: 404.
  {
    op: 'POST /api/groups/leaveGroup',
    url: () => GROUPS_API.leaveGroup,
    body: { membershipId: demoMembershipId('cardiology', 'patient@example.com') },
    owner: 'owner',
    otherStatus: 404,
  },
  // Issue 30: billing. Where one stands and one's receipts are one's own (another patient's answer is theirs);
  // another's receipt, payment or fee is not found, alike with an id that is no one's. A group's seats are its
  // staff's (the admin manages, a coordinator of the group sees); a group one is not staff of is not found.
  list('GET /api/subscription'),
  list('GET /api/subscription/receipts'),
  {
    op: 'GET /api/subscription/receipts/{id}/pdf',
    url: (o) => BILLING_API.receiptPdf(o.receiptId),
    owner: 'owner',
    otherStatus: 404,
  },
  {
    op: 'POST /api/subscription/finishTransaction',
    url: () => BILLING_API.finishTransaction,
    body: (o: OwnerObjects) => ({ transactionId: o.adminTransactionId }),
    owner: 'admin',
    otherStatus: 404,
  },
  {
    op: 'GET /api/subscription/requestFee',
    url: () => `${BILLING_API.requestFee}?patientRequestId=${NO_SUCH_ID}`,
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'POST /api/subscription/initializeOneTimeCharge',
    url: () => BILLING_API.initializeOneTimeCharge,
    body: { purpose: 'request-fee', patientRequestId: NO_SUCH_ID },
    owner: 'owner',
    ownerStatus: 404,
    otherStatus: 404,
  },
  {
    op: 'GET /api/subscription/groupSeats',
    url: () => `${BILLING_API.groupSeats}?groupId=${DEMO_GROUPS.cardiology}`,
    owner: 'admin',
    statuses: { coordinator: 200 },
    sharedWith: ['coordinator'],
  },
  {
    op: 'GET /api/subscription/groupSeats',
    url: () => `${BILLING_API.groupSeats}?groupId=${DEMO_GROUPS.oncology}`,
    owner: 'admin',
    statuses: { coordinator: 404 },
  },
  {
    op: 'POST /api/subscription/sponsorGroup',
    url: () => BILLING_API.sponsorGroup,
    body: { groupId: DEMO_GROUPS.cardiology },
    owner: 'admin',
  },
  {
    op: 'POST /api/subscription/endGroupSponsorship',
    url: () => BILLING_API.endGroupSponsorship,
    body: { groupId: DEMO_GROUPS.oncology },
    owner: 'admin',
    // The admin's group has no seat plan to end.
    ownerStatus: 404,
  },
  // Last: the owner's own call removes the family member the rows above are about.
  {
    op: 'DELETE /api/myIdentity/familyMembers/{id}',
    url: (o) => `/api/myIdentity/familyMembers/${o.familyMemberId}`,
    owner: 'owner',
    otherStatus: 404,
  },
];

const PUBLIC_REFERENCE = 'public reference data, the same for everyone';
const HEALTH = 'health of one context, no data';
const OWN_ACCOUNT = "acts on the caller's own account only (the token names it); no id is taken";
const SIGN_IN =
  'signs in or creates an account: no object of anyone is read before the credentials are checked';
const MAILED_TOKEN = 'the mailed or signed token is the whole proof (checked in their own integration tests)';

export const NO_OBJECT: Record<string, string> = {
  'GET /api/dev/mail': 'development inbox of the local SMTP capture (off in production)',
  'POST /api/blob/upload': 'the signed upload policy is the proof; checked in the blob store tests',
  'GET /api/auth/health': HEALTH,
  'GET /api/requests/health': HEALTH,
  'GET /api/records/health': HEALTH,
  'GET /api/sharing/health': HEALTH,
  'GET /api/imaging/health': HEALTH,
  'GET /api/provider/health': HEALTH,
  'GET /api/groups/health': HEALTH,
  'GET /api/billing/health': HEALTH,
  // Issue 30: the caller's own plan (the token names it; services/billing/test/billing.int-spec.ts).
  'GET /api/subscription/plans': PUBLIC_REFERENCE,
  'POST /api/subscription/subscribe': OWN_ACCOUNT,
  'POST /api/subscription/previewPlanChange': OWN_ACCOUNT,
  'POST /api/subscription/changePlan': OWN_ACCOUNT,
  'POST /api/subscription/cancel': OWN_ACCOUNT,
  'POST /api/subscription/resume': OWN_ACCOUNT,
  'POST /api/subscription/updatePaymentMethod': OWN_ACCOUNT,
  'POST /api/subscription/processorWebhook':
    "the processor's signature over the body is the whole proof (tampered, unsigned and aged events: billing.int-spec)",
  'POST /api/auth/login': SIGN_IN,
  'POST /api/auth/logout': OWN_ACCOUNT,
  'POST /api/auth/refresh': 'the refresh token is the proof (rotation and reuse in the token attack tests)',
  'GET /api/auth/jwks': 'public keys',
  'POST /api/auth/createAccount': SIGN_IN,
  'POST /api/createAccount': SIGN_IN,
  'POST /api/auth/registerAccount': SIGN_IN,
  'GET /api/auth/checkUserEmail/{email}': "the spec's sign-up check: whether an address has an account",
  'POST /api/user/switchRole': OWN_ACCOUNT,
  'GET /api/getTimezones': PUBLIC_REFERENCE,
  'GET /api/getCountryCodes': PUBLIC_REFERENCE,
  'GET /api/myIdentity/countries': PUBLIC_REFERENCE,
  'GET /api/myIdentity/getCities': PUBLIC_REFERENCE,
  'GET /api/featureSettings': PUBLIC_REFERENCE,
  'GET /api/familyMemberTypes': PUBLIC_REFERENCE,
  'POST /api/myIdentity/familyMembers': OWN_ACCOUNT,
  'PUT /api/myIdentity/updatePassword': OWN_ACCOUNT,
  'POST /api/myIdentity/updatePassword': OWN_ACCOUNT,
  'PUT /api/myIdentity/updateEmail': OWN_ACCOUNT,
  'POST /api/myIdentity/confirmEmailUpdate': MAILED_TOKEN,
  'POST /api/myIdentity/accountRemovalRequest': OWN_ACCOUNT,
  'POST /api/myIdentity/confirmAccountRemoval': MAILED_TOKEN,
  'POST /api/myIdentity/saveDetails': OWN_ACCOUNT,
  'POST /api/myIdentity/saveDetails/external-request': OWN_ACCOUNT,
  'POST /api/auth/forgotPassword': SIGN_IN,
  'GET /api/checkForgotPasswordToken': MAILED_TOKEN,
  'GET /api/checkResetPasswordToken': MAILED_TOKEN,
  'POST /api/auth/resetPassword': MAILED_TOKEN,
  'POST /api/auth/verifyEmail': MAILED_TOKEN,
  'POST /api/auth/resendVerification': OWN_ACCOUNT,
  'POST /api/notificationSettings': OWN_ACCOUNT,
  'GET /api/subscriptions/challenge': 'the bot check challenge',
  'POST /api/subscriptions': MAILED_TOKEN,
  'GET /api/pages/opt-out': MAILED_TOKEN,
  'POST /api/pages/opt-out': MAILED_TOKEN,
  'POST /api/auth/loginAsUser': 'support API key is the proof (login-as tests)',
  'GET /api/auth/login-as-user/{token}': MAILED_TOKEN,
  'GET /api/auth/loginWithPhoneUser/{token}': MAILED_TOKEN,
  'POST /api/auth/phoneLogin': SIGN_IN,
  'GET /api/facility/getCustodians': PUBLIC_REFERENCE,
  'POST /api/requestRecord/requestPatientRecord':
    "creates the caller's own request for a public facility or one the caller named (another patient's named facility is 404, unlisted-facility.int-spec); the role rule is in x-roles",
  // Issue 24: a facility the patient names is theirs alone; the abuse cases (search, init, details, requests by others, the mailed link) are in unlisted-facility.int-spec.
  'POST /api/requestRecord/unlistedFacility':
    "creates the caller's own facility entry, out of every search and missing for anyone else (unlisted-facility.int-spec); the role rule is in x-roles",
  'POST /api/requestRecord/requestPatientRecord/external-request':
    "creates the caller's own request for a public facility; the role rule is in x-roles",
  'POST /api/requestRecord/addProviderRequest':
    "creates the caller's own request for a public facility; the role rule is in x-roles",
  'GET /api/facility/embedOrigin': PUBLIC_REFERENCE,
  'GET /api/requestRecord/getCustodians': PUBLIC_REFERENCE,
  'GET /api/requestRecord/getCustodian': PUBLIC_REFERENCE,
  'GET /api/requestRecord/getBodyParts': PUBLIC_REFERENCE,
  'GET /api/requestRecord/getDocumentRequestTypes': PUBLIC_REFERENCE,
  'GET /api/requestRecord/getDisplayDateRangeSetting': PUBLIC_REFERENCE,
  'GET /api/requestRecord/authorizationFormTemplate': PUBLIC_REFERENCE,
  // A facility a patient named answers only to them (404 for anyone else: unlisted-facility.int-spec).
  'GET /api/requestRecord/init': PUBLIC_REFERENCE,
  'GET /api/requestRecord/getRecentCustodians': OWN_ACCOUNT,
  'GET /api/requestRecord/getFamilyMembers': OWN_ACCOUNT,
  'GET /api/requestRecord/linkCustodian': "links the caller's own account to a public facility",
  'GET /api/myRecords/getPresignedUploadUrl':
    "a presigned form for a new key under the caller's own prefix; only the caller can keep that key, once (uploads.int-spec)",
  'GET /api/download/{identifier}':
    'the short-lived random identifier is the whole proof (no bearer, so a new window or a frame opens it); unknown and expired ids in attachments.int-spec',
  'GET /api/provider/download/{identifier}':
    "the sealed, short-lived identifier is the whole proof (a frame sends no bearer); provider issues it after checking the staff member's facility delivered the report; altered, forged and expired ones in services/provider (download-report.spec, provider.int-spec)",
  // Part A of issue 12.
  'POST /api/dicomweb/studies':
    "STOW-RS stores into the caller's own library only (the token names it); no object of anyone is read",
  'POST /api/dicomweb/studies/{study}':
    "STOW-RS stores into the caller's own library only; the path's study only checks what is stored",
  'GET /api/imaging/archive/{token}':
    'the signed download token is the whole proof (forged and expired tokens in dicomweb.int-spec)',
  'GET /api/imaging/viewer/init':
    'the interval and what the given viewer token opens (its own claims); no object is read',
  'GET /api/imaging/viewer/imageInterval': PUBLIC_REFERENCE,
  // The public viewer links (services/sharing/test/viewer-links.int-spec.ts).
  'GET /api/sharing/invitations/{token}': MAILED_TOKEN,
  'GET /api/fetchDownloadISO':
    "the signed download identifier is the whole proof: sharing issues it after checking the caller's access to the study (services/gateway/test/sharing-access.int-spec.ts)",
  'GET /api/sharing/viewerLinks/{id}/config':
    'the random 128-bit link id is the capability; a password link answers only need_password without its view token',
  'POST /api/sharing/viewerLinks/{id}/validatePassword':
    'the link id and its password are the proof; rate limited per link and address',
  'POST /api/sharing/viewerLinks/{id}/downloadStudies':
    "the link's view token is the whole proof (another link's token: 403)",
  // Issue 29: SMART App Launch (services/auth/test/smart-app-launch.int-spec.ts) and SMART Health Links (services/sharing/test/health-links.int-spec.ts).
  'GET /api/smart/authorize':
    "checks an app's registration and sends the browser to the consent screen; reads nobody's data",
  'POST /api/smart/token':
    'the single-use code (bound to its PKCE challenge) or refresh token is the whole proof',
  'POST /api/smart/register': 'registers an app, which gets nothing until a patient consents on our screen',
  'GET /api/smart/jwks': PUBLIC_REFERENCE,
  'GET /api/smart/consent/{requestId}':
    "the pending request's random id, answered by whoever is signed in: consenting opens the signed-in patient's own record, nobody else's",
  'POST /api/smart/consent/{requestId}/decision':
    "the pending request's random id, answered once by whoever is signed in: consenting opens the signed-in patient's own record, nobody else's",
  'POST /api/shl/{healthLinkId}':
    'the 256-bit manifest id and the passcode are the proof; rate limited per link and address',
  // Issue 29: SMART discovery, read by apps before they have a token.
  'GET /api/fhir/metadata': "the FHIR server's CapabilityStatement, the same for everyone",
  'GET /api/fhir/.well-known/smart-configuration': 'the SMART configuration, the same for everyone',
  'GET /api/videoMeeting/config':
    'the ICE servers and the link window of every meeting: configuration, no object is read',
  'GET /api/requestRecord/uploadForm':
    'a presigned form for a new key of the caller; the key is only accepted once, by the request that attaches it (requests.int-spec)',
};
