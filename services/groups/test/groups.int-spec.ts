import { randomUUID } from 'node:crypto';
import { AuthContext } from '@portal/auth-service';
import { GROUP_PERMISSIONS, type GroupLogPage, GROUPS_API, PENDING_APPROVAL_API } from '@portal/contracts';
import { DEMO_PASSWORD, demoUserId } from '@portal/server-kit';
import { call, createTestDatabase, eventually, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { DEMO_GROUPS, demoMembershipId, GroupsContext, SendExpiryReminders } from '../src';
import { GroupsInit1763800000000 } from '../src/migrations/1763800000000-groups-init';
import { GroupsMemberships1767500000000 } from '../src/migrations/1767500000000-groups-memberships';

jest.setTimeout(180_000);

const CARDIOLOGY = DEMO_GROUPS.cardiology;
const ONCOLOGY = DEMO_GROUPS.oncology;
const NORTHGATE = DEMO_GROUPS.northgate;

/**
 * The groups context against real PostgreSQL with auth beside it (issue 26, decision 0027): invitations
 * answered by the invited person, every change announced in the outbox at its version, object-level
 * access (another group is a 404, an admin's act by a coordinator a 403), the logs, and invitations that
 * reach an account only once its address is proved.
 */
describe('groups: memberships with consent, access by group, logs', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  const login = async (email: string, password = DEMO_PASSWORD): Promise<string> => {
    const res = await call(t.app, 'POST', '/api/auth/login', { body: { username: email, password } });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token;
  };
  const as = (who: string) => tokens[who]!;
  const get = (path: string, token: string) => call(t.app, 'GET', path, { token });
  const post = (path: string, token: string, body: unknown) => call(t.app, 'POST', path, { token, body });
  const invite = (token: string, over: Record<string, unknown> = {}) =>
    post(GROUPS_API.addMember, token, {
      groupId: CARDIOLOGY,
      email: 'viewer@example.com',
      firstName: 'Vic',
      lastName: 'Patel',
      role: 'PATIENT',
      permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS'],
      ...over,
    });
  const changes = (membershipId: string) =>
    t
      .query(
        `SELECT payload FROM groups.outbox WHERE type = 'groups.membership-changed' AND payload->>'membershipId' = $1 ORDER BY seq`,
        [membershipId],
      )
      .then((rows) => rows.map((r) => r.payload));
  const membership = async (id: string) =>
    (await t.query(`SELECT user_id, status, version::int FROM groups.memberships WHERE id = $1`, [id]))[0];

  beforeAll(async () => {
    t = await startTestApp([AuthContext, GroupsContext], { seed: true });
    for (const who of ['coordinator', 'admin', 'viewer', 'fhir', 'patient'])
      tokens[who] = await login(`${who}@example.com`);
  }, 120_000);
  afterAll(() => t?.close());

  it('seeds the demo: the admin group with two patient groups, the coordinator of one, an invitation, an expiring membership', async () => {
    const admin = (await get(GROUPS_API.loadGrid, as('admin'))).body;
    expect(admin.map((g: { name: string; myRole: string }) => [g.name, g.myRole])).toEqual([
      ['Cardiology Patients', 'GROUP_ADMIN'],
      ['Northgate Care Team', 'GROUP_ADMIN'],
      ['Oncology Patients', 'GROUP_ADMIN'],
    ]);
    const coordinator = (await get(GROUPS_API.loadGrid, as('coordinator'))).body;
    expect(coordinator).toEqual([
      {
        id: CARDIOLOGY,
        name: 'Cardiology Patients',
        organization_type: { mnemonic: 'PATIENT_GROUP' },
        patientCount: 5,
        parentId: NORTHGATE,
        myRole: 'MEDICAL_COORDINATOR',
      },
    ]);
    const details = (await get(`${GROUPS_API.getDetails}?groupId=${CARDIOLOGY}`, as('coordinator'))).body;
    expect(details.myPermissions).toEqual(['VIEW_RECORDS', 'REQUEST_RECORDS', 'UPLOAD_RECORDS']);
    expect(details.parentName).toBe('Northgate Care Team');
    expect(
      details.members.map((m: { email: string; status: string }) => `${m.email} ${m.status}`).sort(),
    ).toEqual([
      'patient2@example.com PENDING',
      'patient3@example.com ACTIVE',
      'patient4@example.com ACTIVE',
      'patient5@example.com ACTIVE',
      'patient6@example.com ACTIVE',
      'patient@example.com ACTIVE',
    ]);
    // Seeded memberships are announced like any other change.
    expect(await changes(demoMembershipId('cardiology', 'patient@example.com'))).toEqual([
      expect.objectContaining({ status: 'PENDING', version: 1, parentGroupId: NORTHGATE }),
      expect.objectContaining({
        status: 'ACTIVE',
        version: 2,
        permissions: expect.arrayContaining(['SHARE_RECORDS']),
      }),
    ]);
    const northgate = (await get(`${GROUPS_API.getDetails}?groupId=${NORTHGATE}`, as('admin'))).body;
    expect(northgate.patientGroups.map((g: { name: string }) => g.name)).toEqual([
      'Cardiology Patients',
      'Oncology Patients',
    ]);
    const work = (await get(GROUPS_API.worklist, as('coordinator'))).body;
    expect(work.pendingInvitations.map((m: { email: string }) => m.email)).toEqual(['patient2@example.com']);
    expect(work.expiringMemberships.map((m: { email: string }) => m.email)).toEqual(['patient6@example.com']);
  });

  it('invite, accept: the member answers, each step announced at its version and logged for the admin', async () => {
    const invited = await invite(as('coordinator'));
    expect(invited.status).toBe(201);
    const id: string = invited.body.membershipId;
    expect(invited.body).toMatchObject({ userId: demoUserId('viewer@example.com'), status: 'PENDING' });
    const mail = await eventually(
      () => t.mail.list('viewer@example.com'),
      (m) => m.length > 0,
    );
    expect(mail[0]!.subject).toBe('Casey Morgan invited you to Cardiology Patients');
    expect(mail[0]!.text).toContain('/pendingApproval');
    expect(mail[0]!.text).toContain('View records: See open requests');

    const pending = (await get(PENDING_APPROVAL_API.loadGrid, as('viewer'))).body;
    expect(pending).toEqual([
      expect.objectContaining({
        membershipId: id,
        groupName: 'Cardiology Patients',
        permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS'],
        invitedBy: 'Casey Morgan',
      }),
    ]);
    // Nobody else answers it.
    expect((await post(PENDING_APPROVAL_API.acceptInvite, as('fhir'), { membershipId: id })).status).toBe(
      404,
    );
    expect((await post(PENDING_APPROVAL_API.acceptInvite, as('viewer'), { membershipId: id })).status).toBe(
      200,
    );
    expect(await changes(id)).toEqual([
      expect.objectContaining({ status: 'PENDING', version: 1, userId: demoUserId('viewer@example.com') }),
      {
        membershipId: id,
        groupId: CARDIOLOGY,
        parentGroupId: NORTHGATE,
        userId: demoUserId('viewer@example.com'),
        personId: expect.any(String),
        email: 'viewer@example.com',
        role: 'PATIENT',
        status: 'ACTIVE',
        permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS'],
        expiresAt: null,
        version: 2,
        groupName: 'Cardiology Patients',
      },
    ]);
    const mine = (await get(GROUPS_API.myMemberships, as('viewer'))).body;
    expect(mine).toEqual([
      expect.objectContaining({
        membershipId: id,
        status: 'ACTIVE',
        coordinators: expect.arrayContaining(['Casey Morgan', 'Alex Rivera']),
      }),
    ]);
    // Answered once.
    expect((await post(PENDING_APPROVAL_API.rejectInvite, as('viewer'), { membershipId: id })).status).toBe(
      400,
    );

    const logs: GroupLogPage = (
      await get(
        `${GROUPS_API.getLogs}?groupId=${CARDIOLOGY}&memberId=${demoUserId('viewer@example.com')}`,
        as('admin'),
      )
    ).body;
    expect(logs.rows.map((r) => [r.action, r.actionText, r.actorName, r.memberName])).toEqual([
      ['groups.invite-accepted', 'Accepted the invitation', 'Vic Patel', 'Vic Patel'],
      ['groups.member-invited', 'Invited a member', 'Casey Morgan', 'Vic Patel'],
    ]);
    // The member's "done on your behalf" leaves out their own answer.
    const behalf: GroupLogPage = (await get(GROUPS_API.onMyBehalf, as('viewer'))).body;
    expect(behalf.rows.map((r) => r.action)).toEqual(['groups.member-invited']);

    // Leave: LEFT, announced.
    expect((await post(GROUPS_API.leaveGroup, as('fhir'), { membershipId: id })).status).toBe(404);
    expect((await post(GROUPS_API.leaveGroup, as('viewer'), { membershipId: id })).status).toBe(200);
    expect((await changes(id)).at(-1)).toMatchObject({ status: 'LEFT', version: 3 });
    expect((await get(GROUPS_API.myMemberships, as('viewer'))).body).toEqual([]);
  });

  it('reject: nobody gets anything; a removed invitation is announced too', async () => {
    const invited = await invite(as('coordinator'), {
      email: 'fhir@example.com',
      firstName: 'Fran',
      lastName: 'Hughes',
    });
    const id: string = invited.body.membershipId;
    expect((await post(PENDING_APPROVAL_API.rejectInvite, as('fhir'), { membershipId: id })).status).toBe(
      200,
    );
    expect((await changes(id)).map((c) => `${c.status} ${c.version}`)).toEqual(['PENDING 1', 'REJECTED 2']);
    expect((await get(PENDING_APPROVAL_API.loadGrid, as('fhir'))).body).toEqual([]);

    const again = (
      await invite(as('coordinator'), { email: 'fhir@example.com', firstName: 'Fran', lastName: 'Hughes' })
    ).body.membershipId;
    expect((await post(GROUPS_API.deleteMember, as('coordinator'), { membershipId: again })).status).toBe(
      200,
    );
    expect((await changes(again)).at(-1)).toMatchObject({ status: 'REMOVED', version: 2 });
  });

  it('a duplicate invitation is a 409; bad input is a 400 with the schema\u2019s message', async () => {
    const dup = await invite(as('coordinator'), {
      email: 'patient3@example.com',
      firstName: 'A',
      lastName: 'O',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(
      'patient3@example.com is already a member of this group or has an invitation waiting',
    );
    for (const [body, message] of [
      [{ firstName: '' }, 'First name is required'],
      [{ email: 'not-an-address' }, 'Enter a valid e-mail address'],
      [{ groupId: 'x' }, 'groupId must be a uuid'],
      [{ permissions: ['EVERYTHING'] }, 'Unknown permission'],
      [{ permissions: [] }, 'Choose at least one permission'],
      [{ expiresAt: '2001-01-01' }, 'Expiry must be after today'],
    ] as const) {
      const res = await invite(as('coordinator'), { email: 'someone.new@example.com', ...body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    // A coordinator invites patients only; a patient is not staff at all.
    expect(
      (await invite(as('coordinator'), { email: 'c2@example.com', role: 'MEDICAL_COORDINATOR' })).status,
    ).toBe(403);
    expect((await invite(as('patient'), { email: 'x@example.com' })).status).toBe(403);
  });

  it('object-level access: another group is a 404 like none at all; an admin act by a coordinator is a 403', async () => {
    for (const groupId of [ONCOLOGY, NORTHGATE, randomUUID()]) {
      const res = await get(`${GROUPS_API.getDetails}?groupId=${groupId}`, as('coordinator'));
      expect([res.status, res.body.message]).toEqual([404, 'Group not found']);
      expect((await get(`${GROUPS_API.getLogs}?groupId=${groupId}`, as('coordinator'))).status).toBe(404);
      expect((await invite(as('coordinator'), { groupId, email: 'y@example.com' })).status).toBe(404);
    }
    expect((await get(`${GROUPS_API.getDetails}?groupId=${ONCOLOGY}`, as('admin'))).status).toBe(200);
    expect((await get(`${GROUPS_API.getLogs}?groupId=${CARDIOLOGY}`, as('coordinator'))).status).toBe(403);
    expect(
      (
        await post(GROUPS_API.updateGroupInfo, as('coordinator'), {
          groupId: CARDIOLOGY,
          name: 'Mine now',
        })
      ).status,
    ).toBe(403);
    const coordinatorRow = demoMembershipId('cardiology', 'coordinator@example.com');
    expect(
      (
        await post(GROUPS_API.updateDetails, as('coordinator'), {
          membershipId: coordinatorRow,
          permissions: ['SHARE_RECORDS'],
        })
      ).status,
    ).toBe(403);
    // The admin's permissions page: announced at once.
    const updated = await post(GROUPS_API.updateDetails, as('admin'), {
      membershipId: coordinatorRow,
      permissions: ['VIEW_RECORDS'],
    });
    expect([updated.status, updated.body.permissions]).toEqual([200, ['VIEW_RECORDS']]);
    expect((await changes(coordinatorRow)).at(-1)).toMatchObject({
      permissions: ['VIEW_RECORDS'],
      version: 3,
    });
    // A patient's consent is theirs to change.
    const patientRow = demoMembershipId('cardiology', 'patient3@example.com');
    expect(
      (
        await post(GROUPS_API.updateDetails, as('admin'), {
          membershipId: patientRow,
          permissions: ['VIEW_RECORDS'],
        })
      ).status,
    ).toBe(403);
    // A membership of a group the caller does not staff: not found.
    const oncologyRow = demoMembershipId('oncology', 'multi@example.com');
    expect(
      (await post(GROUPS_API.deleteMember, as('coordinator'), { membershipId: oncologyRow })).status,
    ).toBe(404);
    expect((await get(GROUPS_API.loadGrid, as('patient'))).status).toBe(403);
  });

  it('an e-mail invitation reaches an account only once its holder proved the address', async () => {
    const address = 'late.joiner@example.com';
    const invited = await invite(as('coordinator'), { email: address, firstName: 'Lee', lastName: 'Late' });
    const id: string = invited.body.membershipId;
    expect(invited.body.userId).toBeNull();
    expect(await changes(id)).toEqual([]);
    const [mail] = await eventually(
      () => t.mail.list(address),
      (m) => m.length > 0,
    );
    expect(mail!.text).toContain(`/signup?email=${encodeURIComponent(address)}`);

    // A sign-up with the address, unproved: the invitation stays nobody's.
    const signup = await call(t.app, 'POST', '/api/auth/registerAccount', {
      body: { email: address, password: 'Late-Joiner-1' },
    });
    expect(signup.status).toBe(201);
    const userId: string = signup.body.user.userId;
    await eventually(
      () => t.query(`SELECT 1 FROM groups.people WHERE user_id = $1`, [userId]),
      (r) => r.length > 0,
    );
    expect((await membership(id)).user_id).toBeNull();
    expect((await get(PENDING_APPROVAL_API.loadGrid, signup.body.token)).body).toEqual([]);

    // The link mailed there proves it: the invitation is theirs, announced.
    const verify = await eventually(
      () => t.mail.list(address),
      (m) => m.some((x) => /verify-email\?token=/.test(x.text)),
    );
    const token = /verify-email\?token=([\w-]{43})/.exec(
      verify.find((x) => /verify-email/.test(x.text))!.text,
    )![1];
    expect((await call(t.app, 'POST', '/api/auth/verifyEmail', { body: { token } })).status).toBe(200);
    expect(
      await eventually(
        () => membership(id),
        (m) => m.user_id === userId,
      ),
    ).toMatchObject({ user_id: userId, status: 'PENDING', version: 2 });
    expect(await changes(id)).toEqual([expect.objectContaining({ userId, status: 'PENDING', version: 2 })]);
    expect((await get(PENDING_APPROVAL_API.loadGrid, signup.body.token)).body).toEqual([
      expect.objectContaining({ membershipId: id }),
    ]);
  });

  it("keeps other contexts' acts for a member: the logs filter and page them, the member sees them", async () => {
    const patient3 = demoUserId('patient3@example.com');
    const patient4 = demoUserId('patient4@example.com');
    const coordinator = demoUserId('coordinator@example.com');
    const admin = demoUserId('admin@example.com');
    const acts = Array.from({ length: 60 }, (_, i) => ({
      id: randomUUID(),
      at: new Date(Date.UTC(2020, 2, 1, 12) + i * 86_400_000),
      actor: i % 2 ? admin : coordinator,
      member: i < 30 ? patient3 : patient4,
      action: i % 3 ? 'requests.submitted' : 'records.read',
    }));
    for (const a of acts)
      await t.query(
        `INSERT INTO groups.acts (id, at, actor_id, member_id, group_id, permission, context, action, resource_type, resource_id)
         VALUES ($1,$2,$3,$4,$5,'VIEW_RECORDS',split_part($6, '.', 1),$6,'patient-request',NULL)`,
        [a.id, a.at, a.actor, a.member, CARDIOLOGY, a.action],
      );
    const logs = async (q: string, range = 'from=2020-01-01&to=2020-12-31'): Promise<GroupLogPage> =>
      (await get(`${GROUPS_API.getLogs}?groupId=${CARDIOLOGY}&${range}&${q}`, as('admin'))).body;
    const newestFirst = [...acts].reverse();

    const first = await logs('size=10');
    expect(first.total).toBe(60);
    expect(first.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 10).map((a) => a.id));
    expect(first.rows[0]).toMatchObject({
      actorName: 'Alex Rivera',
      memberName: 'Daniel Kowalski',
      groupName: 'Cardiology Patients',
      actionText: 'Requested records',
    });
    expect((await logs('size=10&page=3')).rows.map((r) => r.id)).toEqual(
      newestFirst.slice(20, 30).map((a) => a.id),
    );
    const byMember = await logs(`memberId=${patient3}&actorId=${coordinator}&action=records.&size=100`);
    const want = newestFirst.filter(
      (a) => a.member === patient3 && a.actor === coordinator && a.action === 'records.read',
    );
    expect([byMember.total, byMember.rows.map((r) => r.id)]).toEqual([want.length, want.map((a) => a.id)]);
    // A typed wildcard is a character, not a pattern: no action starts with "%" or "records_".
    expect((await logs('size=10&action=%25')).total).toBe(0);
    expect((await logs('size=10&action=records_')).total).toBe(0);
    // Days are whole and both ends count: 2020-03-05 and 2020-03-06.
    const days = await logs('size=10', 'from=2020-03-05&to=2020-03-06');
    expect(days.rows.map((r) => r.at)).toEqual(['2020-03-06T12:00:00.000Z', '2020-03-05T12:00:00.000Z']);
    expect((await get(`${GROUPS_API.getLogs}?groupId=${CARDIOLOGY}&size=7`, as('admin'))).body.message).toBe(
      'Page size must be one of 10, 25, 50, 100',
    );

    // An act another context recorded (acting.act-recorded) arrives through the bus, once.
    const eventId = randomUUID();
    await t.query(`INSERT INTO groups.outbox (id, type, payload) VALUES ($1, 'acting.act-recorded', $2)`, [
      eventId,
      {
        actorId: coordinator,
        memberId: demoUserId('patient@example.com'),
        groupId: CARDIOLOGY,
        permission: 'UPLOAD_RECORDS',
        context: 'records',
        action: 'records.self-upload-kept',
        resourceType: 'patient-request',
        resourceId: 'r-1',
        at: new Date().toISOString(),
      },
    ]);
    const behalf = await eventually(
      async (): Promise<GroupLogPage> => (await get(`${GROUPS_API.onMyBehalf}?size=10`, as('patient'))).body,
      (p) => p.rows.some((r) => r.id === eventId),
    );
    expect(behalf.rows[0]).toMatchObject({
      id: eventId,
      actorName: 'Casey Morgan',
      actionText: 'Uploaded a record',
      groupName: 'Cardiology Patients',
      permission: 'UPLOAD_RECORDS',
    });
  });

  it('reminds a member once before the membership ends', async () => {
    // The hourly job may have reminded already; either way, once.
    const reminders = t.app.get(SendExpiryReminders);
    await reminders.execute();
    expect(await reminders.execute()).toBe(0);
    const mails = await eventually(
      () => t.mail.list('patient6@example.com'),
      (m) => m.length > 0,
    );
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your membership of Cardiology Patients ends on \d{4}-\d{2}-\d{2}$/),
    ]);
    const [row] = await t.query(`SELECT reminded_at FROM groups.memberships WHERE id = $1`, [
      demoMembershipId('cardiology', 'patient6@example.com'),
    ]);
    expect(row.reminded_at).toBeInstanceOf(Date);
  });

  it('the admin adds a patient group and edits its information; both are in the logs', async () => {
    const added = await post(GROUPS_API.addPatientGroup, as('admin'), {
      adminGroupId: NORTHGATE,
      name: 'Renal Patients',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Renal Patients', parentId: NORTHGATE, myRole: 'GROUP_ADMIN' });
    expect(
      (await post(GROUPS_API.addPatientGroup, as('admin'), { adminGroupId: CARDIOLOGY, name: 'Nested' }))
        .status,
    ).toBe(400);
    const info = await post(GROUPS_API.updateGroupInfo, as('admin'), {
      groupId: added.body.id,
      name: 'Renal Care Patients',
      contactEmail: 'renal@northgate.example',
    });
    expect(info.body).toMatchObject({ name: 'Renal Care Patients', contactEmail: 'renal@northgate.example' });
    const logs: GroupLogPage = (
      await get(`${GROUPS_API.getLogs}?groupId=${NORTHGATE}&action=groups.`, as('admin'))
    ).body;
    expect(logs.rows.slice(0, 2).map((r) => r.actionText)).toEqual([
      'Updated the group information',
      'Added a patient group',
    ]);
    expect((await get(GROUPS_API.getRoles, as('admin'))).body.permissions).toHaveLength(5);
  });
});

describe('the memberships migration', () => {
  it('keeps the bare member rows as accepted memberships (admins with every permission) and announces them', async () => {
    const db = await createTestDatabase();
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const q = { query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows };
      await client.query('CREATE SCHEMA groups');
      await new GroupsInit1763800000000().up(q as unknown as QueryRunner);
      const [patients, admins, u1, u2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await client.query(
        `INSERT INTO groups.groups (id, name, organization_type) VALUES ($1, 'P', 'PATIENT_GROUP'), ($2, 'A', 'ADMIN_GROUP')`,
        [patients, admins],
      );
      await client.query(
        `INSERT INTO groups.members (group_id, user_id, member_role) VALUES ($1, $3, 'PATIENT'), ($1, $4, 'MEDICAL_COORDINATOR'), ($2, $4, 'GROUP_ADMIN')`,
        [patients, admins, u1, u2],
      );
      await new GroupsMemberships1767500000000().up(q as unknown as QueryRunner);
      const rows = (
        await client.query(
          `SELECT group_id, user_id, role, status, permissions, version::int FROM groups.memberships ORDER BY role`,
        )
      ).rows;
      expect(rows).toEqual([
        {
          group_id: admins,
          user_id: u2,
          role: 'GROUP_ADMIN',
          status: 'ACTIVE',
          permissions: [...GROUP_PERMISSIONS],
          version: 1,
        },
        {
          group_id: patients,
          user_id: u2,
          role: 'MEDICAL_COORDINATOR',
          status: 'ACTIVE',
          permissions: [],
          version: 1,
        },
        { group_id: patients, user_id: u1, role: 'PATIENT', status: 'ACTIVE', permissions: [], version: 1 },
      ]);
      const events = (await client.query(`SELECT type, payload FROM groups.outbox ORDER BY seq`)).rows;
      expect(events).toHaveLength(3);
      expect(events[0]).toEqual({
        type: 'groups.membership-changed',
        payload: expect.objectContaining({
          status: 'ACTIVE',
          version: 1,
          parentGroupId: null,
          personId: null,
        }),
      });
      await new GroupsMemberships1767500000000().down(q as unknown as QueryRunner);
      expect((await client.query(`SELECT count(*)::int AS n FROM groups.members`)).rows[0].n).toBe(3);
    } finally {
      await client.end();
      await db.drop();
    }
  });
});
