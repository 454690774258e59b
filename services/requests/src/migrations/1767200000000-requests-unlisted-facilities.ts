import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24 ('Can't find your imaging provider? Start here'): a facility a patient names is a custodian
 * row owned by that patient (owner_user_id), never in the public search, with the e-mail its request is
 * mailed to. Catalogue facilities keep owner_user_id NULL.
 */
export class RequestsUnlistedFacilities1767200000000 implements MigrationInterface {
  name = 'RequestsUnlistedFacilities1767200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE requests.custodians ADD COLUMN owner_user_id uuid, ADD COLUMN email text`);
    await q.query(
      `CREATE INDEX custodians_owner ON requests.custodians (owner_user_id) WHERE owner_user_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX requests.custodians_owner`);
    await q.query(`ALTER TABLE requests.custodians DROP COLUMN owner_user_id, DROP COLUMN email`);
  }
}
