import { Inject, Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { EventPayloads } from '@portal/contracts';
import { contextToken } from '../tokens';
import type { Queryable } from '../database/sql';
import type { ContextEvents } from '../events/context-events';
import { upsertIfNewer } from '../projections/versioned-upsert';
import { type KeptMembership, liveMembershipSql } from './rules/member.rule';

/** The table a context that lets coordinators act keeps the groups' memberships in (its own migration runs this). */
export const groupMembershipTablesSql = (schema: string): string[] => [
  `CREATE TABLE ${schema}.group_memberships (
    membership_id uuid PRIMARY KEY, group_id uuid NOT NULL, parent_group_id uuid, user_id uuid NOT NULL, person_id uuid, email text NOT NULL,
    role text NOT NULL, status text NOT NULL, permissions text[] NOT NULL, expires_at timestamptz, version bigint NOT NULL)`,
  `CREATE INDEX group_memberships_user ON ${schema}.group_memberships (user_id, group_id)`,
];

const COLUMNS = `group_id AS "groupId", parent_group_id AS "parentGroupId", user_id AS "userId", person_id AS "personId", email, role, status, permissions, expires_at AS "expiresAt"`;

/**
 * The groups' memberships as a deciding context keeps them: one row per membership from the groups
 * context's `groups.membership-changed` snapshots, applied when newer. The member rule reads them.
 */
export class GroupMembershipProjection {
  constructor(private readonly schema: string) {}

  async apply(db: Queryable, e: EventPayloads['groups.membership-changed']): Promise<void> {
    await upsertIfNewer(db, `${this.schema}.group_memberships`, ['membership_id'], {
      membership_id: e.membershipId,
      group_id: e.groupId,
      parent_group_id: e.parentGroupId,
      user_id: e.userId,
      person_id: e.personId,
      email: e.email,
      role: e.role,
      status: e.status,
      permissions: e.permissions,
      expires_at: e.expiresAt,
      version: e.version,
    });
  }

  /** The member's membership of the group and the actor's memberships that could make them its staff. */
  async ties(
    db: Queryable,
    actorId: string,
    groupId: string,
    memberId: string,
  ): Promise<{
    member: (KeptMembership & { personId: string | null; email: string }) | null;
    actors: KeptMembership[];
  }> {
    const rows: Array<KeptMembership & { personId: string | null; email: string }> = await db.query(
      `SELECT ${COLUMNS} FROM ${this.schema}.group_memberships WHERE user_id = $1 AND group_id = $2 AND role = 'PATIENT'
       UNION ALL
       SELECT ${COLUMNS} FROM ${this.schema}.group_memberships a WHERE a.user_id = $3 AND a.role <> 'PATIENT'
         AND (a.group_id = $2 OR a.group_id = (SELECT parent_group_id FROM ${this.schema}.group_memberships WHERE group_id = $2 LIMIT 1))`,
      [memberId, groupId, actorId],
    );
    const member = rows.find((r) => r.role === 'PATIENT' && r.userId === memberId) ?? null;
    return { member, actors: rows.filter((r) => r !== member && r.userId === actorId) };
  }

  /** The members the actor may act for with this permission now, with their group (a coordinator's worklist). */
  membersOf(
    db: Queryable,
    actorId: string,
    permission: string,
  ): Promise<Array<{ userId: string; groupId: string }>> {
    return db.query(
      `SELECT DISTINCT m.user_id AS "userId", m.group_id AS "groupId"
       FROM ${this.schema}.group_memberships a
       JOIN ${this.schema}.group_memberships m ON m.role = 'PATIENT' AND ${liveMembershipSql('m')} AND $2 = ANY(m.permissions)
         AND (m.group_id = a.group_id OR (a.role = 'GROUP_ADMIN' AND m.parent_group_id = a.group_id))
       WHERE a.user_id = $1 AND a.role <> 'PATIENT' AND ${liveMembershipSql('a')}
         AND (a.role = 'GROUP_ADMIN' OR $2 = ANY(a.permissions))`,
      [actorId, permission],
    );
  }
}

/** Registers a context's consumer of the groups' memberships (the durable name is the same everywhere: one per context stream). */
export const consumeGroupMemberships = (
  events: Pick<ContextEvents, 'consume'>,
  projection: GroupMembershipProjection,
): Promise<void> =>
  events.consume('group-memberships', ['groups.membership-changed'], ({ payload }, tx) =>
    projection.apply(tx, payload),
  );

/** The migration that gives a context its copy of the memberships (named per context, one timestamp for all). */
export const groupMembershipsMigration = (schema: string): Type<MigrationInterface> => {
  class GroupMemberships implements MigrationInterface {
    name = `${schema}GroupMemberships1767400000000`;
    async up(q: QueryRunner): Promise<void> {
      for (const sql of groupMembershipTablesSql(schema)) await q.query(sql);
    }
    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE ${schema}.group_memberships`);
    }
  }
  Object.defineProperty(GroupMemberships, 'name', { value: `${schema}GroupMemberships1767400000000` });
  return GroupMemberships;
};

/** The provider that keeps a context's copy of the memberships from the groups context's events. */
export const groupMembershipsConsumer = (schema: string): Type<OnModuleInit> => {
  @Injectable()
  class GroupMembershipsConsumer implements OnModuleInit {
    constructor(
      @Inject(contextToken(schema)) private readonly kit: { events: Pick<ContextEvents, 'consume'> },
    ) {}
    onModuleInit(): Promise<void> {
      return consumeGroupMemberships(this.kit.events, new GroupMembershipProjection(schema));
    }
  }
  Object.defineProperty(GroupMembershipsConsumer, 'name', { value: `${schema}GroupMembershipsConsumer` });
  return GroupMembershipsConsumer;
};
