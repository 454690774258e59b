import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Public viewer links (issue 12): a link opens some of its owner's studies, behind an optional password
 * (scrypt hash), until it expires or is revoked. What the public page shows about those studies comes
 * from projections of other contexts' events: the owner's library studies (imaging), the parties of
 * each patient request (requests, records' self uploads) and the account holder's name (auth).
 */
export class ViewerLinks1766420000000 implements MigrationInterface {
  name = 'ViewerLinks1766420000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sharing.viewer_links (
      id text PRIMARY KEY, owner_user_id uuid NOT NULL, password_hash text, expires_at timestamptz, revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX viewer_links_owner ON sharing.viewer_links (owner_user_id)`);
    await q.query(`CREATE TABLE sharing.viewer_link_studies (
      link_id text NOT NULL REFERENCES sharing.viewer_links(id) ON DELETE CASCADE, study_instance_uid text NOT NULL, patient_request_id uuid,
      PRIMARY KEY (link_id, study_instance_uid))`);
    await q.query(`CREATE TABLE sharing.library_studies (
      id uuid NOT NULL UNIQUE, owner_user_id uuid NOT NULL, study_instance_uid text NOT NULL, patient_request_id uuid, modality text NOT NULL,
      study_description text NOT NULL, study_date date, number_of_instances int NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (owner_user_id, study_instance_uid))`);
    await q.query(`CREATE TABLE sharing.request_parties (
      patient_request_id uuid PRIMARY KEY, owner_user_id uuid NOT NULL, custodian_id text NOT NULL, custodian_name text NOT NULL,
      patient_first_name text, patient_last_name text)`);
    await q.query(
      `CREATE TABLE sharing.account_holders (user_id uuid PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE sharing.account_holders, sharing.request_parties, sharing.library_studies, sharing.viewer_link_studies, sharing.viewer_links`,
    );
  }
}
