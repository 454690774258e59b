/** What a viewer asks to see: a record of a patient request (a study or a document), or a study by UID alone. */
export interface RecordKey {
  patientRequestId?: string | null;
  studyUid?: string | null;
  documentId?: string | null;
}

/** One person's share grant as a context keeps it (from sharing's `sharing.access-changed` snapshots). */
export interface ShareGrant {
  recipientId: string;
  ownerUserId: string;
  /** The person's name, as the owner gave it. */
  name: string;
  enabled: boolean;
  allRecords: boolean;
  expiresAt: Date | string | null;
  /** The records a limited grant names (ignored when allRecords). */
  items: RecordKey[];
}

/**
 * The share-grant rule: a grant gives access while it is switched on and not expired, to every record of
 * its owner (all records) or to the records it names. A record named by fewer fields than the key (a study
 * by UID alone) matches on the fields both give.
 */
export const isLiveGrant = (g: Pick<ShareGrant, 'enabled' | 'expiresAt'>, now: Date): boolean =>
  g.enabled && (g.expiresAt === null || new Date(g.expiresAt).getTime() > now.getTime());

const same = (want: string | null | undefined, has: string | null | undefined): boolean =>
  want == null || want === has;

export const grantCovers = (g: Pick<ShareGrant, 'allRecords' | 'items'>, key: RecordKey): boolean =>
  g.allRecords ||
  g.items.some(
    (i) =>
      same(key.patientRequestId, i.patientRequestId) &&
      same(key.studyUid, i.studyUid) &&
      same(key.documentId, i.documentId),
  );

/** Whether the grant lets its viewer see any of the keys now (a document is also seen through a study of its request). */
export const grantGives = (g: ShareGrant, keys: RecordKey[], now: Date): boolean =>
  isLiveGrant(g, now) && keys.some((k) => grantCovers(g, k));

/**
 * The same liveness in SQL, for listings that filter thousands of rows in the database (the records grid):
 * it must say exactly what `isLiveGrant` says; the records and imaging integration suites hold both.
 */
export const liveGrantSql = (alias: string): string =>
  `${alias}.enabled AND (${alias}.expires_at IS NULL OR ${alias}.expires_at > now())`;
