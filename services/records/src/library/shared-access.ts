import { Injectable } from '@nestjs/common';
import { type Queryable, SharedAccessProjection } from '@portal/server-kit';

/** What a viewer names of a record shared with them: its patient request and a study (by UID) or a document. */
export interface SharedItem {
  patientRequestId: string;
  studyUid: string | null;
  documentId: string | null;
}

/**
 * The one check of access to a record shared with a user, from records' projection of sharing's grants
 * (records.shared_access): a live grant of all records of the request's owner, or one naming the record.
 */
@Injectable()
export class SharedAccess {
  readonly projection = new SharedAccessProjection('records');

  /** The owner of a patient request some record of which is shared with the user, or null. */
  async ownerOfRequest(db: Queryable, userId: string, patientRequestId: string): Promise<string | null> {
    const owners = await this.projection.ownersCovering(db, userId, { patientRequestId });
    if (!owners.length) return null;
    const [row] = await db.query(`SELECT user_id FROM records.library_requests WHERE id = $1 AND user_id = ANY($2::uuid[])`, [patientRequestId, owners.map((o) => o.owner_user_id)]);
    return row?.user_id ?? null;
  }

  async canSee(db: Queryable, userId: string, item: SharedItem): Promise<boolean> {
    const owner = await this.ownerOfRequest(db, userId, item.patientRequestId);
    if (!owner) return false;
    const owners = await this.projection.ownersCovering(db, userId, item);
    return owners.some((o) => o.owner_user_id === owner);
  }

  /**
   * Whether the user may open a document of a shared request: the grant covers the document itself, or a
   * study of the same request (a study's attachments are its request's documents).
   */
  async canOpenAttachment(db: Queryable, userId: string, patientRequestId: string, documentId: string): Promise<boolean> {
    if (await this.canSee(db, userId, { patientRequestId, studyUid: null, documentId })) return true;
    const owner = await this.ownerOfRequest(db, userId, patientRequestId);
    if (!owner) return false;
    const studies: Array<{ study_instance_uid: string }> = await db.query(`SELECT study_instance_uid FROM records.studies WHERE patient_request_id = $1 AND user_id = $2`, [patientRequestId, owner]);
    for (const s of studies) if (await this.canSee(db, userId, { patientRequestId, studyUid: s.study_instance_uid, documentId: null })) return true;
    return false;
  }

  /** Who shared: the owner's name as records knows the account holder ('First Last'), for 'Shared with you by'. */
  async sharerName(db: Queryable, ownerUserId: string): Promise<string> {
    const [h]: Array<{ first_name: string | null; last_name: string | null }> = await db.query(`SELECT first_name, last_name FROM records.account_holders WHERE user_id = $1`, [ownerUserId]);
    return [h?.first_name, h?.last_name].filter(Boolean).join(' ') || 'a patient';
  }

  /** Whether the person (sharing's recipient id) is one the owner shares with, as records last heard of them. */
  async isPersonOf(db: Queryable, ownerUserId: string, recipientId: string): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM records.shared_access WHERE recipient_id = $1 AND owner_user_id = $2`, [recipientId, ownerUserId]);
    return rows.length > 0;
  }
}
