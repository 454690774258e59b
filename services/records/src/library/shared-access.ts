import { Injectable } from '@nestjs/common';
import {
  type AccessDecision,
  AccessPolicy,
  type Queryable,
  type RecordKey,
  SharedAccessProjection,
} from '@portal/server-kit';

/** What a viewer names of a record shared with them: its patient request and a study (by UID) or a document. */
export interface SharedItem {
  patientRequestId: string;
  studyUid: string | null;
  documentId: string | null;
}

/**
 * Records' side of the one access policy (server-kit `AccessPolicy`): a request is held by the account it
 * was made for (records.library_requests), grants come from records' projection of sharing's snapshots.
 */
@Injectable()
export class SharedAccess {
  readonly policy = new AccessPolicy(new SharedAccessProjection('records'), {
    holders: async (db, key) => {
      if (!key.patientRequestId) return [];
      const rows: Array<{ user_id: string }> = await db.query(
        `SELECT user_id FROM records.library_requests WHERE id::text = $1`,
        [key.patientRequestId],
      );
      return rows.map((r) => r.user_id);
    },
  });

  /** The user's access to one of the keys (all of one request), or null. */
  decide(db: Queryable, userId: string, keys: RecordKey[]): Promise<AccessDecision | null> {
    return this.policy.forUser(db, userId, keys);
  }

  /** The user's access through a live grant of another (their own records are not 'shared with' them), or null. */
  private async shared(db: Queryable, userId: string, keys: RecordKey[]): Promise<AccessDecision | null> {
    const decision = await this.decide(db, userId, keys);
    return decision?.reason.kind === 'share' ? decision : null;
  }

  /** The owner of a patient request some record of which is shared with the user, or null. */
  async ownerOfRequest(db: Queryable, userId: string, patientRequestId: string): Promise<string | null> {
    return (await this.shared(db, userId, [{ patientRequestId }]))?.owner ?? null;
  }

  async canSee(db: Queryable, userId: string, item: SharedItem): Promise<boolean> {
    return (await this.shared(db, userId, [item])) !== null;
  }

  /**
   * Whether the user may open a document of a shared request: the grant covers the document itself, or a
   * study of the same request (a study's attachments are its request's documents).
   */
  async canOpenAttachment(
    db: Queryable,
    userId: string,
    patientRequestId: string,
    documentId: string,
  ): Promise<boolean> {
    const studies: Array<{ study_instance_uid: string }> = await db.query(
      `SELECT DISTINCT study_instance_uid FROM records.studies WHERE patient_request_id = $1`,
      [patientRequestId],
    );
    const keys: RecordKey[] = [
      { patientRequestId, documentId },
      ...studies.map((s) => ({ patientRequestId, studyUid: s.study_instance_uid })),
    ];
    return (await this.shared(db, userId, keys)) !== null;
  }

  /** The names of the people who see a record of the owner now (the record's 'shared with'). */
  async sharedWith(db: Queryable, ownerUserId: string, key: RecordKey): Promise<string[]> {
    return (await this.policy.seeing(db, ownerUserId, key)).map((g) => g.name);
  }

  /** Who shared: the owner's name as records knows the account holder ('First Last'), for 'Shared with you by'. */
  async sharerName(db: Queryable, ownerUserId: string): Promise<string> {
    const [h]: Array<{ first_name: string | null; last_name: string | null }> = await db.query(
      `SELECT first_name, last_name FROM records.account_holders WHERE user_id = $1`,
      [ownerUserId],
    );
    return [h?.first_name, h?.last_name].filter(Boolean).join(' ') || 'a patient';
  }

  /** Whether the person (sharing's recipient id) is one the owner shares with, as records last heard of them. */
  async isPersonOf(db: Queryable, ownerUserId: string, recipientId: string): Promise<boolean> {
    return (await this.policy.grants.grantOf(db, recipientId, ownerUserId)).length > 0;
  }
}
