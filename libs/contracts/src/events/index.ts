/**
 * Facts that cross contexts. Each context writes these into its outbox in the same transaction
 * as the change; consumers apply each event id once.
 */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  /** The context that wrote the event. */
  source: string;
  occurredAt: string;
  payload: EventPayloads[T];
}

export interface EventPayloads {
  'auth.user-registered': { userId: string; email: string; firstName: string; lastName: string; roles: string[] };
  'auth.session-revoked': { userId: string; sessionIds: string[] };
  /** A user's notification choices, complete (missing values already false), for contexts that send mail. */
  'auth.notification-settings-changed': { userId: string; email: string; settings: { mnemonic: string; value: boolean }[] };
  'auth.email-changed': { userId: string; personId: string; oldEmail: string; newEmail: string };
  /** The account is gone; contexts drop what they keep of this user. */
  'auth.account-removed': { userId: string; personId: string };
  /** A family member was added or changed; contexts that offer "request for a family member" keep a projection. */
  'auth.family-member-saved': { userId: string; familyMember: { id: string; first_name: string; last_name: string } };
  'auth.family-member-removed': { userId: string; familyMemberId: string };
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
  };
  'imaging.study-stored': {
    userId: string;
    patientRequestId: string | null;
    studyInstanceUid: string;
    modality: string;
    studyDescription: string;
    studyDate: string | null;
    numberOfInstances: number;
  };
}

export type EventType = keyof EventPayloads;

/** NATS subject of an event type: one stream `PORTAL` holds `portal.>`. */
export const eventSubject = (type: EventType): string => `portal.${type}`;
