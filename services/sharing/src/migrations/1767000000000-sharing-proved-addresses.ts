import type { MigrationInterface, QueryRunner } from 'typeorm';
import { type Queryable, returning } from '@portal/server-kit';

/**
 * Unlinks every shared person from the account they were linked to by address alone, and announces
 * each one's access again (viewerUserId null) so records and imaging stop serving it. Run when sharing
 * starts keeping whether an address is proved: no holder is proved yet then. The links come back as
 * auth announces proved addresses (auth.email-verified: its own migration announces every account
 * with proof already, and every later proof), through the same consumer as any new proof.
 */
export const unlinkUnprovedRecipients = async (db: Queryable): Promise<number> => {
  const rows = await returning<{ id: string }>(
    db,
    `WITH unlinked AS (
       UPDATE sharing.recipients r SET recipient_user_id = NULL, version = version + 1, updated_at = now()
       WHERE r.recipient_user_id IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM sharing.account_holders h WHERE h.user_id = r.recipient_user_id AND h.email_verified_at IS NOT NULL AND h.email = lower(r.email))
       RETURNING r.*)
     INSERT INTO sharing.outbox (id, type, payload)
     SELECT gen_random_uuid(), 'sharing.access-changed', jsonb_build_object(
       'recipientId', u.id, 'ownerUserId', u.owner_user_id, 'viewerUserId', NULL, 'email', u.email,
       'name', u.first_name || ' ' || u.last_name, 'enabled', u.is_enabled, 'allRecords', u.all_records,
       'items', coalesce((SELECT jsonb_agg(jsonb_build_object('patientRequestId', g.patient_request_id, 'studyUid', g.study_instance_uid, 'documentId', g.document_id)
                          ORDER BY g.created_at, coalesce(g.study_instance_uid, ''), coalesce(g.document_id, ''))
                          FROM sharing.grants g WHERE g.recipient_id = u.id), '[]'::jsonb),
       'expiresAt', to_char(u.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       'version', u.version)
     FROM unlinked u RETURNING id`,
    [],
  );
  return rows.length;
};

/** Issue 23: shares reach an account only once its owner proved the address (auth's facts). */
export class SharingProvedAddresses1767000000000 implements MigrationInterface {
  name = 'SharingProvedAddresses1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sharing.account_holders ADD COLUMN email_verified_at timestamptz`);
    await unlinkUnprovedRecipients(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sharing.account_holders DROP COLUMN email_verified_at`);
  }
}
