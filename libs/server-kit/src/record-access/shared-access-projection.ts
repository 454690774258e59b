import type { EventPayloads } from '@portal/contracts';
import type { Queryable } from '../database/sql';
import { upsertIfNewer } from '../projections/versioned-upsert';
import type { ShareGrant } from './rules/share-grant.rule';

/**
 * The share grants as a context that decides access keeps them (records, imaging, and sharing itself,
 * which applies its own snapshot in the transaction that makes it): one row per shared person from
 * sharing's `sharing.access-changed` snapshots, applied when newer, with the records granted. Each context
 * has its own tables (made by its migration with `sharedAccessTablesSql`): no context reads another's
 * schema. The rules that read them are in `rules/share-grant.rule.ts`.
 */
export const sharedAccessTablesSql = (schema: string): string[] => [
  `CREATE TABLE ${schema}.shared_access (
    recipient_id uuid PRIMARY KEY, owner_user_id uuid NOT NULL, viewer_user_id uuid, name text NOT NULL, email text NOT NULL,
    enabled boolean NOT NULL, all_records boolean NOT NULL, expires_at timestamptz, version bigint NOT NULL)`,
  `CREATE INDEX shared_access_viewer ON ${schema}.shared_access (viewer_user_id, owner_user_id)`,
  `CREATE INDEX shared_access_owner ON ${schema}.shared_access (owner_user_id)`,
  `CREATE TABLE ${schema}.shared_access_items (
    recipient_id uuid NOT NULL REFERENCES ${schema}.shared_access(recipient_id) ON DELETE CASCADE,
    patient_request_id uuid NOT NULL, study_uid text, document_id text)`,
  `CREATE INDEX shared_access_items_recipient ON ${schema}.shared_access_items (recipient_id)`,
  `CREATE INDEX shared_access_items_study ON ${schema}.shared_access_items (study_uid)`,
];

const GRANT_COLUMNS = (schema: string): string =>
  `a.recipient_id AS "recipientId", a.owner_user_id AS "ownerUserId", a.name, a.enabled, a.all_records AS "allRecords", a.expires_at AS "expiresAt",
   coalesce((SELECT json_agg(json_build_object('patientRequestId', i.patient_request_id, 'studyUid', i.study_uid, 'documentId', i.document_id))
     FROM ${schema}.shared_access_items i WHERE i.recipient_id = a.recipient_id), '[]'::json) AS items`;

export class SharedAccessProjection {
  constructor(private readonly schema: string) {}

  /** Applies one snapshot unless a newer one is already kept (events may arrive out of order). */
  async apply(db: Queryable, e: EventPayloads['sharing.access-changed']): Promise<void> {
    const kept = await upsertIfNewer(db, `${this.schema}.shared_access`, ['recipient_id'], {
      recipient_id: e.recipientId,
      owner_user_id: e.ownerUserId,
      viewer_user_id: e.viewerUserId,
      name: e.name,
      email: e.email,
      enabled: e.enabled,
      all_records: e.allRecords,
      expires_at: e.expiresAt,
      version: e.version,
    });
    if (!kept) return;
    await db.query(`DELETE FROM ${this.schema}.shared_access_items WHERE recipient_id = $1`, [e.recipientId]);
    if (!e.items.length) return;
    await db.query(
      `INSERT INTO ${this.schema}.shared_access_items (recipient_id, patient_request_id, study_uid, document_id)
       SELECT $1, x.p, x.s, x.d FROM unnest($2::uuid[], $3::text[], $4::text[]) AS x(p, s, d)`,
      [
        e.recipientId,
        e.items.map((i) => i.patientRequestId),
        e.items.map((i) => i.studyUid),
        e.items.map((i) => i.documentId),
      ],
    );
  }

  /** The grants of these owners to the viewer's account, whatever their state (the rules decide). */
  grantsTo(db: Queryable, viewerUserId: string, ownerUserIds: string[]): Promise<ShareGrant[]> {
    return db.query(
      `SELECT ${GRANT_COLUMNS(this.schema)} FROM ${this.schema}.shared_access a WHERE a.viewer_user_id = $1 AND a.owner_user_id = ANY($2::uuid[])`,
      [viewerUserId, ownerUserIds],
    );
  }

  /** One shared person's grant from this owner (a mailed link names the person, not an account). */
  grantOf(db: Queryable, recipientId: string, ownerUserId: string): Promise<ShareGrant[]> {
    return db.query(
      `SELECT ${GRANT_COLUMNS(this.schema)} FROM ${this.schema}.shared_access a WHERE a.recipient_id::text = $1 AND a.owner_user_id = $2`,
      [recipientId, ownerUserId],
    );
  }

  /** Every grant the owner made, by the person's name. */
  grantsBy(db: Queryable, ownerUserId: string): Promise<ShareGrant[]> {
    return db.query(
      `SELECT ${GRANT_COLUMNS(this.schema)} FROM ${this.schema}.shared_access a WHERE a.owner_user_id = $1 ORDER BY a.name, a.recipient_id`,
      [ownerUserId],
    );
  }
}
