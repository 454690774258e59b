import type { MigrationInterface, QueryRunner } from 'typeorm';
import { peopleVersionsSql } from '@portal/server-kit';
import { RECORDS_PEOPLE_TABLES } from '../family/family-member.repository';

/** Issue 25: auth's people are kept at the version of the event that told them (PeopleProjection). */
export class RecordsPeopleVersions1767100000000 implements MigrationInterface {
  name = 'RecordsPeopleVersions1767100000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of peopleVersionsSql(RECORDS_PEOPLE_TABLES)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE records.family_members DROP COLUMN version, DROP COLUMN removed`);
    await q.query(`ALTER TABLE records.account_holders DROP COLUMN version`);
  }
}
