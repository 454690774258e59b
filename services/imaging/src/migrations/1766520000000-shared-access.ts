import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sharedAccessTablesSql } from '@portal/server-kit';

/** Issue 13: the share grants, kept from sharing's access-changed snapshots; imaging decides every shared read from them. */
export class ImagingSharedAccess1766520000000 implements MigrationInterface {
  name = 'ImagingSharedAccess1766520000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of sharedAccessTablesSql('imaging')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE imaging.shared_access_items, imaging.shared_access`);
  }
}
