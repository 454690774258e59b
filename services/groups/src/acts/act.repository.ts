import { Injectable } from '@nestjs/common';
import type { GroupLogEntry, GroupPermission } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import { escapeLike } from '@portal/server-kit';
import { actionText } from './act-text';

/** One act done in or for a group. */
export interface Act {
  id: string;
  at: Date;
  actorId: string | null;
  memberId: string | null;
  groupId: string;
  permission: GroupPermission | null;
  context: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
}

/** Which acts a page shows: of some groups or of one member, narrowed by the logs' filters. */
export interface ActFilter {
  groupIds?: string[];
  memberId?: string;
  actorId?: string;
  /** Only acts of others: "done on your behalf" leaves out what the member did themself. */
  notActorId?: string;
  /** An action or the start of one ('groups.' matches every step of the groups context). */
  action?: string;
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

interface ActRow {
  id: string;
  at: Date;
  actor_id: string | null;
  member_id: string | null;
  group_id: string;
  group_name: string | null;
  permission: GroupPermission | null;
  context: string;
  action: string;
  resource_type: string;
  resource_id: string | null;
  actor_name: string | null;
  member_name: string | null;
}

/** `%` and `_` in a filter are the characters themselves, not wildcards. */
const likePrefix = (s: string) => `${escapeLike(s)}%`;

/** The filters but the groups, as SQL over `a` with their parameters numbered after `first`. */
const filters = (f: ActFilter, first: number): { sql: string; params: unknown[] } => {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    clauses.push(sql.replace('?', `$${first + params.length}`));
  };
  if (f.memberId) add('a.member_id = ?', f.memberId);
  if (f.actorId) add('a.actor_id = ?', f.actorId);
  if (f.notActorId) add('a.actor_id IS DISTINCT FROM ?', f.notActorId);
  if (f.action) add('a.action LIKE ?', likePrefix(f.action));
  if (f.from) add('a.at >= ?', f.from);
  if (f.until) add('a.at < ?', f.until);
  return { sql: clauses.map((c) => ` AND ${c}`).join(''), params };
};

/** A whole group's log (no filter but its groups): its total is the kept count (migration 1767600000000). */
const unfiltered = (f: ActFilter): f is ActFilter & { groupIds: string[] } =>
  !!f.groupIds && !f.memberId && !f.actorId && !f.notActorId && !f.action && !f.from && !f.until;

const NEWEST_FIRST = 'ORDER BY a.at DESC, a.id DESC';

/**
 * The selected acts, newest first, at most `limit` (null: all). Per group (LATERAL), so that each
 * group's rows come in the order of its (group_id, at DESC, id DESC) index and only the first ones are
 * read, also for an admin group's log over its patient groups; a member's in the order of
 * (member_id, at DESC, id DESC).
 */
const selected = (
  f: ActFilter,
  columns: string,
  limit: number | null,
): { sql: string; params: unknown[] } => {
  const first = f.groupIds ? 1 : 0;
  const w = filters(f, first);
  const params: unknown[] = [...(f.groupIds ? [f.groupIds] : []), ...w.params];
  const bound = limit === null ? '' : ` LIMIT $${params.push(limit)}`;
  const sql = f.groupIds
    ? `SELECT x.* FROM unnest($1::uuid[]) AS g(id) CROSS JOIN LATERAL (
         SELECT ${columns} FROM groups.acts a WHERE a.group_id = g.id${w.sql} ${NEWEST_FIRST}${bound}) x`
    : `SELECT ${columns} FROM groups.acts a WHERE true${w.sql} ${NEWEST_FIRST}${bound}`;
  return { sql, params };
};

const PERSON_NAME = (alias: string) =>
  `nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`;

/**
 * All SQL on groups.acts: the groups context's own steps and the acts coordinators did for members in
 * other contexts (`acting.act-recorded`). Pages are newest first by (at, id), the order of the
 * (group_id, at DESC, id DESC) and (member_id, at DESC, id DESC) indexes, so a page reads only its rows
 * (well under a millisecond at 50,000 acts); the count reads the filter alone, joining nothing.
 */
@Injectable()
export class ActRepository {
  /** Once per id: an event delivered twice adds nothing. */
  insert(tx: Queryable, a: Act): Promise<unknown> {
    return tx.query(
      `INSERT INTO groups.acts (id, at, actor_id, member_id, group_id, permission, context, action, resource_type, resource_id)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT (id) DO NOTHING`,
      [
        a.id,
        a.at,
        a.actorId,
        a.memberId,
        a.groupId,
        a.permission,
        a.context,
        a.action,
        a.resourceType,
        a.resourceId,
      ],
    );
  }

  /** One page of the acts the filter selects, newest first, with names, and how many there are in all. */
  async page(
    db: Queryable,
    filter: ActFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: GroupLogEntry[]; total: number }> {
    const rows = selected(filter, 'a.*', page.limit + page.offset);
    const n = rows.params.length;
    const counted = selected(filter, '1', null);
    const [found, [count]] = await Promise.all([
      db.query(
        `SELECT a.*, g.name AS group_name,
           coalesce(${PERSON_NAME('ap')}, nullif(ap.email, '')) AS actor_name,
           coalesce(${PERSON_NAME('mp')}, nullif(mp.email, ''), ${PERSON_NAME('ms')}, nullif(ms.email, '')) AS member_name
         FROM (SELECT * FROM (${rows.sql}) s ORDER BY s.at DESC, s.id DESC LIMIT $${n + 1} OFFSET $${n + 2}) a
         LEFT JOIN groups.groups g ON g.id = a.group_id
         LEFT JOIN groups.people ap ON ap.user_id = a.actor_id
         LEFT JOIN groups.people mp ON mp.user_id = a.member_id
         LEFT JOIN groups.memberships ms ON ms.id = CASE WHEN a.context = 'groups' AND a.resource_type = 'membership' THEN a.resource_id::uuid END
         ORDER BY a.at DESC, a.id DESC`,
        [...rows.params, page.limit, page.offset],
      ) as Promise<ActRow[]>,
      (unfiltered(filter)
        ? db.query(
            `SELECT coalesce(sum(n), 0)::int AS total FROM groups.act_counts WHERE group_id = ANY($1::uuid[])`,
            [filter.groupIds],
          )
        : db.query(`SELECT count(*)::int AS total FROM (${counted.sql}) c`, counted.params)) as Promise<
        Array<{ total: number }>
      >,
    ]);
    return { rows: found.map(toLogEntry), total: count?.total ?? 0 };
  }
}

const toLogEntry = (r: ActRow): GroupLogEntry => ({
  id: r.id,
  at: new Date(r.at).toISOString(),
  actorId: r.actor_id,
  actorName: r.actor_name ?? (r.actor_id ? 'Former user' : 'The portal'),
  memberId: r.member_id,
  memberName: r.member_name ?? (r.member_id ? 'Former member' : ''),
  groupId: r.group_id,
  groupName: r.group_name ?? '',
  action: r.action,
  actionText: actionText(r.action),
  permission: r.permission,
  context: r.context,
  resourceType: r.resource_type,
  resourceId: r.resource_id,
});
