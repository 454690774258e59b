import type { MigrationInterface, QueryRunner } from 'typeorm';
import { peopleVersionsSql } from '@portal/server-kit';
import { REQUESTS_PEOPLE_TABLES } from '../family-members/family-member.repository';

/**
 * Issue 25: auth's people are kept at the version of the event that told them (PeopleProjection),
 * keyed by the family member's id as records keys them (auth makes the ids).
 */
export class RequestsPeopleVersions1767300000000 implements MigrationInterface {
  name = 'RequestsPeopleVersions1767300000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of peopleVersionsSql(REQUESTS_PEOPLE_TABLES)) await q.query(sql);
    await q.query(`CREATE UNIQUE INDEX family_members_id ON requests.family_members (id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX requests.family_members_id`);
    await q.query(`ALTER TABLE requests.family_members DROP COLUMN version, DROP COLUMN removed`);
    await q.query(`ALTER TABLE requests.requesters DROP COLUMN version`);
  }
}
