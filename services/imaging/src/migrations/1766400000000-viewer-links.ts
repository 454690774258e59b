import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The public viewer links as the sharing context announces them: imaging refuses a revoked or expired link's tokens. */
export class ViewerLinks1766400000000 implements MigrationInterface {
  name = 'ViewerLinks1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE imaging.viewer_links (
      link_id text PRIMARY KEY, owner_user_id uuid NOT NULL, study_instance_uids text[] NOT NULL,
      expires_at timestamptz, revoked boolean NOT NULL DEFAULT false, updated_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE imaging.viewer_links`);
  }
}
