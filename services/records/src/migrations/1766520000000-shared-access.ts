import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sharedAccessTablesSql } from '@portal/server-kit';

/** Issue 13: the share grants, kept from sharing's access-changed snapshots; records decides every shared read from them. */
export class RecordsSharedAccess1766520000000 implements MigrationInterface {
  name = 'RecordsSharedAccess1766520000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of sharedAccessTablesSql('records')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE records.shared_access_items, records.shared_access`);
  }
}
