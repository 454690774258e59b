import { FAMILY_MEMBER_TYPES, OTHER_RELATIVE, type SharedRecordRef } from '@portal/contracts';
import type { ShareRecordsBody } from '../sharing.api';

/** The invite form's values (records spec §3): relationship is a type id as the select holds it. */
export interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  relationship: string;
  specifyRelation: string;
  accessType: '' | 'all' | 'limited';
  recordsList: string[];
}

/** One record as a checkbox value: "patientRequestId|studyUid|documentId". */
export const recordKey = (r: SharedRecordRef): string =>
  [r.patientRequestId, r.studyUid ?? '', r.documentId ?? ''].join('|');
export const recordOfKey = (key: string): SharedRecordRef => {
  const [patientRequestId, studyUid, documentId] = key.split('|');
  return { patientRequestId, studyUid: studyUid || null, documentId: documentId || null };
};

/**
 * The invite payload of the spec (§3, §5): one person whose id is the e-mail; the relationship sent is the
 * free text for the 'other' type, otherwise the type's name; all records, or the chosen ones.
 */
export const toInvitePayload = (v: InviteValues): ShareRecordsBody => {
  const type = FAMILY_MEMBER_TYPES.find((t) => String(t.id) === v.relationship)!;
  const email = v.email.trim().toLowerCase();
  return {
    notificationRecipient: [
      {
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        email,
        id: email,
        relationship: type.mnemonic === OTHER_RELATIVE ? v.specifyRelation.trim() : type.name,
        relationshipId: type.id,
      },
    ],
    allRecords: v.accessType === 'all',
    limitedaccess: v.accessType === 'limited' ? v.recordsList.map(recordOfKey) : [],
  };
};
