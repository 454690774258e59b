import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: SMART Health Links. Each stands on a public viewer link (its passcode is the link's password,
 * its expiry and Remove access are the link's), with a manifest id of 256 random bits and the key that
 * encrypts its bundle (the shlink carries the key; the server needs it to encrypt at each manifest call).
 */
export class SharingHealthLinks1767600000000 implements MigrationInterface {
  name = 'SharingHealthLinks1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sharing.health_links (
      id text PRIMARY KEY, link_id text NOT NULL UNIQUE REFERENCES sharing.viewer_links (id) ON DELETE CASCADE,
      encryption_key text NOT NULL, label text, created_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sharing.health_links`);
  }
}
