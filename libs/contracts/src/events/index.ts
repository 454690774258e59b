/**
 * Facts that cross contexts. Each context writes these into its outbox in the same transaction
 * as the change; consumers apply each event id once.
 */
import type { DocumentRequestRejection } from '../requests/types';
import type { GroupMemberRole, GroupPermission, MembershipStatus } from '../groups/types';

export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  /** The context that wrote the event. */
  source: string;
  occurredAt: string;
  /**
   * The event's place in its source context's outbox: increasing in commit order for changes to one
   * row (the change holds the row's lock until it commits, and the outbox row is written under it).
   * The version a projection keeps a fact at, so a late or replayed older event changes nothing.
   */
  sequence: number;
  payload: EventPayloads[T];
}

export interface EventPayloads {
  /**
   * emailVerified: the address is proved already (sign-up from an invitation link sent to it, the demo
   * seed); absent in events written before it existed, which means not proved.
   */
  'auth.user-registered': {
    userId: string;
    /** The account holder's own person (issue 26: a coordinator acting for them needs it); absent in older events. */
    personId?: string;
    email: string;
    firstName: string;
    lastName: string;
    /** Issue 28 (absent in older events): YYYY-MM-DD when the account was opened with one; Smart FHIR matches the patient by it. */
    dateOfBirth?: string | null;
    roles: string[];
    emailVerified: boolean;
  };
  /** The owner of the account proved its address (a mailed link reached it); `at` is when. Shares reach an account only once it is proved. */
  'auth.email-verified': { userId: string; email: string; at: string };
  'auth.session-revoked': { userId: string; sessionIds: string[] };
  /** A user's notification choices, complete (missing values already false), for contexts that send mail. */
  'auth.notification-settings-changed': {
    userId: string;
    email: string;
    settings: { mnemonic: string; value: boolean }[];
  };
  /** Confirmed through a link mailed to newEmail: the new address is proved. */
  'auth.email-changed': { userId: string; personId: string; oldEmail: string; newEmail: string };
  /**
   * The account holder's name changed: saved in Settings, or first given on a request for themself
   * (an account made inside the wizard has only its address until then). Contexts that name the holder
   * (sharing's mails, the requester's name) keep it.
   */
  'auth.profile-named': {
    userId: string;
    personId: string;
    firstName: string;
    lastName: string;
    /** Issue 28 (absent in older events): YYYY-MM-DD, or null when not given. */
    dateOfBirth?: string | null;
  };
  /** The account is gone; contexts drop what they keep of this user. */
  'auth.account-removed': { userId: string; personId: string };
  /** A family member was added or changed; contexts that offer "request for a family member" keep a projection. */
  'auth.family-member-saved': {
    userId: string;
    familyMember: { id: string; first_name: string; last_name: string };
  };
  'auth.family-member-removed': { userId: string; familyMemberId: string };
  /**
   * Issue 24: a request went to a facility the patient named (not in the catalogue). Provider makes
   * `accountUserId` the staff of that facility entry (it has this one request); auth opens that
   * one-time account (EXTERNAL_PROVIDER, no password) and mails the single-use link to `facilityEmail`.
   */
  'requests.unlisted-facility-requested': {
    patientRequestId: string;
    custodianId: string;
    facilityName: string;
    /** As the patient typed it: unproved, so the link it gets opens this request and nothing else. */
    facilityEmail: string;
    accountUserId: string;
    requestedAt: string;
  };
  'requests.patient-request-submitted': {
    patientRequestId: string;
    userId: string;
    personId: string;
    custodianId: string;
    custodianName: string;
    patient: { firstName: string; lastName: string; dateOfBirth: string };
    docReqTypes: string[];
    status: string;
    createdAt: string;
    /** Added with issue 9 (optional for older events): who asked, from where, and the facility alias. */
    requestFrom?: 'PATIENT' | 'RECORD_CUSTODIAN';
    providerRequest?: boolean;
    custodianAliasId?: string | null;
    mrn?: string | null;
    /** Added with issue 10: what the facility needs to fulfil it. */
    documentRequests?: Array<{ id: string; type: string }>;
    dateFrom?: string | null;
    dateTo?: string | null;
    bodyParts?: string[];
    /** Issue 28: the study found at the facility's own system that this request asks for (Smart FHIR). */
    requestedStudy?: {
      studyInstanceUid: string;
      modality: string;
      description: string;
      studyDate: string | null;
    } | null;
    /** Added with issue 24: who filled it in (self: the patient is the account holder) and the patient's phone. */
    requestFiller?: 'self' | 'someone_else';
    patientPhone?: string | null;
    /** What the patient sent with the request (blob keys), for the facility to check. */
    attachments?: Array<{
      id: string;
      kind: 'authorization_form' | 'govt_id' | 'legal_doc';
      key: string;
      fileName: string;
      contentType: string;
    }>;
    /**
     * Issue 30: the facility's fee for a records request (its custodian's setting when submitted); the
     * request waits in 'Pending payment' and goes to the facility once billing says it is paid. Absent or
     * null: no fee.
     */
    fee?: { amountCents: number; currency: string } | null;
  };
  /** The requests context changed a patient request's status (it owns statuses); the timeline entry that caused it comes along. */
  'requests.patient-request-status-changed': {
    patientRequestId: string;
    userId: string;
    status: string;
    at: string;
    documentRequests: Array<{ id: string; type: string; rejection: DocumentRequestRejection | null }>;
  };
  /**
   * Issue 27: a user became staff of a facility (provider context's AssignStaff; assigning again
   * announces it again). The records context keeps the staff of its whole-body-scan facilities.
   */
  'provider.staff-assigned': { userId: string; custodianId: string; at: string };
  /** A facility opened a request for the first time. */
  'provider.request-seen': { patientRequestId: string; userId: string; custodianId: string; seenAt: string };
  /** A facility added files to a document request (not yet submitted: the patient sees only the timeline entry). */
  'provider.files-uploaded': {
    patientRequestId: string;
    userId: string;
    documentRequestId: string;
    count: number;
    at: string;
  };
  'provider.document-request-rejected': {
    patientRequestId: string;
    userId: string;
    documentRequestId: string;
    documentRequestType: string;
    rejection: DocumentRequestRejection;
  };
  'provider.document-request-rejection-cancelled': {
    patientRequestId: string;
    userId: string;
    documentRequestId: string;
    documentRequestType: string;
    at: string;
  };
  /** The facility submitted its records: every document it kept, with its blob key (imaging ingests the DICOM ones, records keeps the rest). */
  'provider.records-submitted': {
    patientRequestId: string;
    userId: string;
    custodianId: string;
    custodianName: string;
    submittedAt: string;
    documents: Array<{
      documentId: string;
      documentRequestId: string;
      documentRequestType: string;
      key: string;
      fileName: string;
      path: string;
      contentType: string;
      size: number;
    }>;
  };
  /**
   * A patient kept a self-uploaded record (records spec §2.6). The records context keeps the request
   * (shown as 'Self Uploaded') and its non-DICOM document; imaging stores the DICOM ones (checked as
   * DICOM on upload) and announces each study with `imaging.study-stored` under this request.
   */
  'records.self-upload-stored': {
    patientRequestId: string;
    userId: string;
    personId: string;
    recordType: 'REPORTS' | 'IMAGES' | 'OTHERS';
    recordName: string;
    /** YYYY-MM-DD, day 01 of the exam month. */
    examDate: string;
    documents: Array<{
      documentId: string;
      key: string;
      fileName: string;
      contentType: string;
      size: number;
    }>;
  };
  /** Imaging has stored every DICOM document of a submission (studies: how many it touched, possibly 0). */
  'imaging.request-delivery-indexed': {
    patientRequestId: string;
    userId: string;
    studies: number;
    instances: number;
    at: string;
  };
  'imaging.study-stored': {
    userId: string;
    patientRequestId: string | null;
    studyInstanceUid: string;
    modality: string;
    studyDescription: string;
    studyDate: string | null;
    /** The study's instances stored so far, in total (a study split across uploads counts them all). */
    numberOfInstances: number;
    /**
     * Issue 27: the instances of this study that this store added (absent in older events), so a
     * whole-body-scan facility can pick real instances as key images. At most STUDY_STORED_INSTANCES_MAX.
     */
    instances?: Array<{
      seriesInstanceUid: string;
      sopInstanceUid: string;
      numberOfFrames: number;
      seriesDescription: string;
      /**
       * Issue 29: what FHIR's ImagingStudy needs of each instance (series.modality, instance.sopClass,
       * their numbers). Absent in older events: records leaves an instance of unknown SOP class out.
       */
      sopClassUid?: string;
      seriesNumber?: number | null;
      instanceNumber?: number | null;
      modality?: string;
    }>;
  };
  /**
   * A public viewer link (its studies, expiry, whether it was revoked) as the sharing context keeps it:
   * imaging refuses the viewer tokens of a revoked or expired link on the next call.
   */
  /**
   * Everything one shared person may see of one owner, complete (a snapshot, not a delta): records and
   * imaging replace their access projection row for recipientId when version is newer than theirs.
   * enabled false (removed, or every record switched off) and a past expiresAt both mean: nothing.
   */
  'sharing.access-changed': {
    recipientId: string;
    ownerUserId: string;
    /** The person's account once they have one (by e-mail), else null. */
    viewerUserId: string | null;
    email: string;
    name: string;
    enabled: boolean;
    allRecords: boolean;
    items: Array<{ patientRequestId: string; studyUid: string | null; documentId: string | null }>;
    expiresAt: string | null;
    /** Strictly increasing per recipient (sharing's row version). */
    version: number;
  };
  /** A person opened a record shared with them (records: the record's report; imaging: the study's viewer). */
  'records.shared-record-opened': {
    ownerUserId: string;
    viewerUserId: string;
    patientRequestId: string;
    studyUid: string | null;
    documentId: string | null;
    at: string;
  };
  'imaging.shared-study-opened': {
    ownerUserId: string;
    viewerUserId: string;
    patientRequestId: string | null;
    studyUid: string;
    documentId: null;
    at: string;
  };
  'sharing.viewer-link-saved': {
    linkId: string;
    ownerUserId: string;
    studyInstanceUids: string[];
    expiresAt: string | null;
    revoked: boolean;
    /** Strictly increasing per link (sharing's row version): a late, older snapshot is ignored. */
    version: number;
  };
  /**
   * Issue 26: one membership of a group, whole (a snapshot at the membership's version). Contexts that
   * let a coordinator act for a member keep these (GroupMembershipProjection); only an ACTIVE, unexpired
   * membership counts, and the permission must be on the coordinator's and on the patient's row.
   */
  'groups.membership-changed': {
    membershipId: string;
    groupId: string;
    /** The patient group a coordinator's or patient's row is for; an admin row of an admin group names its patient groups by parentId. */
    parentGroupId: string | null;
    userId: string;
    /** The member's own person id (from auth.user-registered), so a route run for them knows it; null if never heard. */
    personId: string | null;
    /** The member's proved address (a request made for them writes to it, as their own would). */
    email: string;
    role: GroupMemberRole;
    status: MembershipStatus;
    permissions: GroupPermission[];
    expiresAt: string | null;
    version: number;
    /** Issue 30 (absent in older events): the group's name, for billing's seat plans. */
    groupName?: string;
  };
  /**
   * Written by any context, in the transaction of the audit row, when a coordinator acted for a member:
   * the groups context keeps them for the group's logs and the member's "done on your behalf".
   */
  'acting.act-recorded': {
    actorId: string;
    memberId: string;
    groupId: string;
    permission: GroupPermission;
    context: string;
    action: string;
    resourceType: string;
    resourceId: string | null;
    at: string;
  };
  /**
   * Issue 28: the patient asked for a study found at a facility's own system (Smart FHIR). Requests
   * opens the patient request with this id (status 'Pending study move' when `move` is set, else
   * 'New': the facility's inbox); imaging, when `move` is set, retrieves the study from the source
   * (credentials from the deployment's SMART_FHIR_SOURCES by sourceId, never in the event) and
   * announces it as any delivery: `imaging.request-delivery-indexed`, or `imaging.study-move-failed`.
   */
  'records.smart-fhir-study-requested': {
    patientRequestId: string;
    userId: string;
    personId: string;
    custodianId: string;
    facilityName: string;
    patient: { firstName: string; lastName: string; dateOfBirth: string };
    mrn: string | null;
    study: {
      studyInstanceUid: string;
      modality: string;
      description: string;
      studyDate: string | null;
      accessionNumber: string | null;
    };
    move: { sourceId: string; wadoRoot: string } | null;
    requestedAt: string;
  };
  /** Issue 28: a study move gave up (the source refused or kept failing): the request goes to the facility's inbox. */
  'imaging.study-move-failed': { patientRequestId: string; userId: string; reason: string; at: string };
  /** The account holder saved their ID images (my-identity); the groups worklist lists members without. */
  'auth.identity-saved': { userId: string; at: string };
  /**
   * Issue 30: where a request's fee stands. PENDING and FAILED: the request waits in 'Pending payment'
   * (FAILED with the message); CLEARING: 'Pending payment clearance'; PAID: it goes to the facility.
   */
  'billing.request-fee-changed': {
    patientRequestId: string;
    userId: string;
    status: 'PENDING' | 'CLEARING' | 'PAID' | 'FAILED';
    message: string | null;
    /** Strictly increasing per fee: a late older event changes nothing. */
    version: number;
  };
  /**
   * Issue 30: whether a patient's new uploads are taken (decision 0031). Only a lapsed plan without a
   * group's seat closes storage; viewing, downloading, sharing and exporting never depend on it.
   */
  'billing.storage-standing-changed': {
    userId: string;
    storageOpen: boolean;
    /** A renewal of the patient's own plan failed and its retries run (the library shows a fix-card banner). */
    pastDue: boolean;
    /** Strictly increasing per user. */
    version: number;
  };
}

export type EventType = keyof EventPayloads;

/** An `imaging.study-stored` names at most this many instances (a bound on one event's size). */
export const STUDY_STORED_INSTANCES_MAX = 2000;

/** NATS subject of an event type: one stream `PORTAL` holds `portal.>`. */
export const eventSubject = (type: EventType): string => `portal.${type}`;
