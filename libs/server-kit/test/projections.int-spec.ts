import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  createPlatformTables,
  defineContext,
  PeopleProjection,
  peopleVersionsSql,
  type Queryable,
} from '@portal/server-kit';
import { startTestApp, type TestApp } from '@portal/server-kit/testing';

const TABLES = { holders: 'projtest.holders', members: 'projtest.members' };

class ProjTestInit1700000000000 implements MigrationInterface {
  name = 'ProjTestInit1700000000000';
  async up(q: QueryRunner) {
    await createPlatformTables(q, 'projtest');
    await q.query(
      `CREATE TABLE projtest.holders (user_id uuid PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL)`,
    );
    await q.query(
      `CREATE TABLE projtest.members (id uuid PRIMARY KEY, user_id uuid NOT NULL, first_name text NOT NULL, last_name text NOT NULL)`,
    );
    for (const sql of peopleVersionsSql(TABLES)) await q.query(sql);
  }
  async down() {}
}

const TestContext = defineContext({
  name: 'projtest',
  entities: [],
  migrations: [ProjTestInit1700000000000],
  controllers: [],
  providers: [],
});

// The one projection of auth's people (records, requests) against real PostgreSQL: events out of order change nothing twice.
describe('PeopleProjection: facts kept at their version', () => {
  let t: TestApp;
  let db: Queryable;
  const people = new PeopleProjection(TABLES);
  const user = '00000000-0000-4000-8000-0000000000a1';
  const member = '00000000-0000-4000-8000-0000000000b1';

  beforeAll(async () => {
    t = await startTestApp([TestContext]);
    db = { query: t.query } as unknown as Queryable;
  });
  afterAll(() => t?.close());

  it('keeps the newest name when an older event arrives late, and a seed (version 0) never overrides an event', async () => {
    expect(await people.named(db, { userId: user, firstName: 'Pat', lastName: 'New' }, 7)).toBe(true);
    expect(await people.named(db, { userId: user, firstName: 'Pat', lastName: 'Old' }, 3)).toBe(false);
    expect(await people.named(db, { userId: user, firstName: 'Seed', lastName: 'Seed' }, 0)).toBe(false);
    expect(
      await t.query(`SELECT first_name, last_name, version FROM projtest.holders WHERE user_id = $1`, [user]),
    ).toEqual([{ first_name: 'Pat', last_name: 'New', version: '7' }]);
  });

  it('a removed family member stays removed when an older save arrives after the removal; a newer save brings them back', async () => {
    await people.memberSaved(
      db,
      { userId: user, familyMember: { id: member, first_name: 'Kid', last_name: 'One' } },
      10,
    );
    await people.memberRemoved(db, { userId: user, familyMemberId: member }, 12);
    expect(
      await people.memberSaved(
        db,
        { userId: user, familyMember: { id: member, first_name: 'Kid', last_name: 'Late' } },
        11,
      ),
    ).toBe(false);
    expect(await t.query(`SELECT removed FROM projtest.members WHERE id = $1`, [member])).toEqual([
      { removed: true },
    ]);
    await people.memberSaved(
      db,
      { userId: user, familyMember: { id: member, first_name: 'Kid', last_name: 'Again' } },
      13,
    );
    expect(await t.query(`SELECT last_name, removed FROM projtest.members WHERE id = $1`, [member])).toEqual([
      { last_name: 'Again', removed: false },
    ]);
  });

  it('a removed account leaves nothing behind', async () => {
    await people.accountRemoved(db, { userId: user, personId: 'p' });
    expect(
      await t.query(
        `SELECT 1 FROM projtest.members WHERE user_id = $1 UNION ALL SELECT 1 FROM projtest.holders WHERE user_id = $1`,
        [user],
      ),
    ).toEqual([]);
  });
});
