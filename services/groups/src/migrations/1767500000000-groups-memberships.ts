import type { MigrationInterface, QueryRunner } from 'typeorm';
import { GROUP_PERMISSIONS, MEMBERSHIP_STATUSES } from '@portal/contracts';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(',');

/**
 * Issue 26 (decision 0027): memberships with consent, permissions and expiry replace the bare member
 * rows; groups get a parent (a patient group under an admin group) and their own information; the
 * context keeps auth's people (names, proved addresses, saved identity) and every act done in or for a
 * group (its logs and each member's "done on your behalf").
 */
export class GroupsMemberships1767500000000 implements MigrationInterface {
  name = 'GroupsMemberships1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE groups.groups
      ADD COLUMN parent_id uuid NULL REFERENCES groups.groups(id),
      ADD COLUMN description text NOT NULL DEFAULT '',
      ADD COLUMN contact_email text NOT NULL DEFAULT '',
      ADD COLUMN contact_phone text NOT NULL DEFAULT '',
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`CREATE INDEX groups_parent ON groups.groups (parent_id) WHERE parent_id IS NOT NULL`);

    await q.query(`CREATE TABLE groups.memberships (
      id uuid PRIMARY KEY,
      group_id uuid NOT NULL REFERENCES groups.groups(id) ON DELETE CASCADE,
      user_id uuid NULL,
      email text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      role text NOT NULL CHECK (role IN ('PATIENT','MEDICAL_COORDINATOR','GROUP_ADMIN')),
      status text NOT NULL CHECK (status IN (${list(MEMBERSHIP_STATUSES)})),
      permissions text[] NOT NULL DEFAULT '{}',
      expires_at timestamptz NULL,
      invited_by uuid NULL,
      invited_at timestamptz NOT NULL DEFAULT now(),
      responded_at timestamptz NULL,
      reminded_at timestamptz NULL,
      version bigint NOT NULL DEFAULT 1)`);
    // One pending or active membership per person and group: by account, or by address while it has none.
    await q.query(`CREATE UNIQUE INDEX memberships_one_live_account ON groups.memberships (group_id, user_id)
      WHERE status IN ('PENDING','ACTIVE') AND user_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX memberships_one_live_address ON groups.memberships (group_id, lower(email))
      WHERE status IN ('PENDING','ACTIVE') AND user_id IS NULL`);
    await q.query(`CREATE INDEX memberships_user ON groups.memberships (user_id, status)`);
    await q.query(`CREATE INDEX memberships_group ON groups.memberships (group_id, role, status)`);
    await q.query(
      `CREATE INDEX memberships_unlinked ON groups.memberships (lower(email)) WHERE user_id IS NULL AND status = 'PENDING'`,
    );
    await q.query(
      `CREATE INDEX memberships_expiring ON groups.memberships (expires_at) WHERE status = 'ACTIVE' AND expires_at IS NOT NULL`,
    );

    // The rows there were: accepted already. Admins hold every permission; nobody consented to anything
    // for the others, so they start with none (an unproved consent grants nothing).
    const migrated =
      await q.query(`INSERT INTO groups.memberships (id, group_id, user_id, email, role, status, permissions, responded_at)
      SELECT gen_random_uuid(), group_id, user_id, '', member_role, 'ACTIVE',
        CASE WHEN member_role = 'GROUP_ADMIN' THEN ARRAY[${list(GROUP_PERMISSIONS)}]::text[] ELSE '{}' END, now()
      FROM groups.members RETURNING id`);
    await q.query(`DROP TABLE groups.members`);
    // Other contexts keep the memberships from their events: the migrated rows are announced too.
    if (migrated.length)
      await q.query(`INSERT INTO groups.outbox (id, type, payload)
        SELECT gen_random_uuid(), 'groups.membership-changed', jsonb_build_object(
          'membershipId', m.id, 'groupId', m.group_id, 'parentGroupId', g.parent_id, 'userId', m.user_id,
          'personId', NULL, 'email', m.email, 'role', m.role, 'status', m.status,
          'permissions', to_jsonb(m.permissions), 'expiresAt', NULL, 'version', m.version)
        FROM groups.memberships m JOIN groups.groups g ON g.id = m.group_id ORDER BY m.id`);

    await q.query(`CREATE TABLE groups.people (
      user_id uuid PRIMARY KEY,
      person_id uuid NULL,
      email text NOT NULL DEFAULT '',
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      email_verified boolean NOT NULL DEFAULT false,
      identity_saved boolean NOT NULL DEFAULT false,
      version bigint NOT NULL DEFAULT 0)`);
    await q.query(`CREATE INDEX people_email ON groups.people (email)`);

    await q.query(`CREATE TABLE groups.acts (
      id uuid PRIMARY KEY,
      at timestamptz NOT NULL,
      actor_id uuid NULL,
      member_id uuid NULL,
      group_id uuid NOT NULL,
      permission text NULL,
      context text NOT NULL,
      action text NOT NULL,
      resource_type text NOT NULL,
      resource_id text NULL)`);
    // Newest first, paged: the group's logs and the member's "done on your behalf" read these in order.
    await q.query(`CREATE INDEX acts_group_at ON groups.acts (group_id, at DESC, id DESC)`);
    await q.query(`CREATE INDEX acts_member_at ON groups.acts (member_id, at DESC, id DESC)`);
    await q.query(`CREATE INDEX acts_actor ON groups.acts (actor_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE groups.members (
      group_id uuid NOT NULL REFERENCES groups.groups(id) ON DELETE CASCADE, user_id uuid NOT NULL,
      member_role text NOT NULL CHECK (member_role IN ('PATIENT','MEDICAL_COORDINATOR','GROUP_ADMIN')), PRIMARY KEY (group_id, user_id))`);
    await q.query(`INSERT INTO groups.members (group_id, user_id, member_role)
      SELECT DISTINCT ON (group_id, user_id) group_id, user_id, role FROM groups.memberships
      WHERE status = 'ACTIVE' AND user_id IS NOT NULL ORDER BY group_id, user_id, invited_at DESC`);
    await q.query(`DROP TABLE groups.acts, groups.people, groups.memberships`);
    await q.query(`ALTER TABLE groups.groups DROP COLUMN parent_id, DROP COLUMN description,
      DROP COLUMN contact_email, DROP COLUMN contact_phone, DROP COLUMN updated_at`);
  }
}
