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
}
