import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 25: a link's snapshot carries sharing's version; an older one arriving late is ignored. */
export class ViewerLinkVersions1767100000000 implements MigrationInterface {
  name = 'ViewerLinkVersions1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE imaging.viewer_links ADD COLUMN version bigint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE imaging.viewer_links DROP COLUMN version`);
  }
}
