import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sharedAccessTablesSql } from '@portal/server-kit';

/**
 * Issue 25: sharing decides its own reads (a download's owner, a record's people) with the one access
 * policy, over the same grant tables records and imaging keep, written in the transaction of each
 * change; filled here from the people and grants as they stand. Links get the version their snapshots carry.
 */
export class SharingOneAccessPolicy1767100000000 implements MigrationInterface {
  name = 'SharingOneAccessPolicy1767100000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of sharedAccessTablesSql('sharing')) await q.query(sql);
    await q.query(`INSERT INTO sharing.shared_access (recipient_id, owner_user_id, viewer_user_id, name, email, enabled, all_records, expires_at, version)
      SELECT id, owner_user_id, recipient_user_id, first_name || ' ' || last_name, email, is_enabled, all_records, expires_at, version FROM sharing.recipients`);
    await q.query(`INSERT INTO sharing.shared_access_items (recipient_id, patient_request_id, study_uid, document_id)
      SELECT recipient_id, patient_request_id, study_instance_uid, document_id FROM sharing.grants`);
    await q.query(`ALTER TABLE sharing.viewer_links ADD COLUMN version bigint NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sharing.viewer_links DROP COLUMN version`);
    await q.query(`DROP TABLE sharing.shared_access_items, sharing.shared_access`);
  }
}
