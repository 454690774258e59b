#!/usr/bin/env node
// Issue 26: a coordinator of 1,000 members with 50,000 acts in the group's logs. A patient group under the
// demo admin group, coordinated by coordinator@example.com, is written straight into the groups schema
// (1,000 ACTIVE patients who consented to everything, 50,000 acts), the requests context's copy of those
// memberships and 5,000 open requests of theirs; then, embedded gateway on a fresh database, autocannon
// at 20 connections for 10 s on each first page: the admin's logs (getLogs), the coordinator's worklist
// (groups: invitations, expiring, missing ID) and the open requests by due date (requests:
// coordinatorWorklist). Target: each first page p99 < 50 ms.
'use strict';
const { randomUUID, createHash } = require('node:crypto');
const { Client } = require('pg');
const {
  cannon,
  envPort,
  freshDatabase,
  login,
  met,
  result,
  runBench,
  startGateway,
  summarise,
} = require('./lib.cjs');

const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 20;
const MEMBERS = 1_000;
const ACTS = 50_000;
const OPEN_REQUESTS = 5_000;
const PERMISSIONS = [
  'VIEW_RECORDS',
  'REQUEST_RECORDS',
  'UPLOAD_RECORDS',
  'EDIT_PERSONAL_INFO',
  'SHARE_RECORDS',
];
const demoId = (name) => {
  const h = createHash('sha256').update(`portal-demo:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

runBench('groups-worklist-logs', async () => {
  const databaseUrl = await freshDatabase('groups');
  const { url } = await startGateway('groups', {
    port: await envPort('BENCH_GROUPS_PORT'),
    databaseUrl,
    env: { RATE_LIMIT_PER_MINUTE: '100000000', SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  });
  const coordinator = await login(url, 'coordinator@example.com');
  const admin = await login(url, 'admin@example.com');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const t0 = Date.now();
  const coordinatorId = demoId('user:coordinator@example.com');
  const [{ id: adminGroupId }] = (
    await db.query(
      `SELECT id FROM groups.groups WHERE organization_type = 'ADMIN_GROUP' ORDER BY name LIMIT 1`,
    )
  ).rows;
  const groupId = randomUUID();
  await db.query(
    `INSERT INTO groups.groups (id, name, organization_type, parent_id) VALUES ($1, 'Bench Patients', 'PATIENT_GROUP', $2)`,
    [groupId, adminGroupId],
  );
  const members = Array.from({ length: MEMBERS }, () => randomUUID());
  // Every membership row, coordinator first, in the groups context and in the requests context's copy.
  const rows = [
    [randomUUID(), coordinatorId, 'MEDICAL_COORDINATOR', 'coordinator@example.com', null],
    ...members.map((m, i) => [
      randomUUID(),
      m,
      'PATIENT',
      `bench.member${i}@example.com`,
      // Some memberships lapse within the reminder window, so the worklist has rows to page.
      i % 50 === 0 ? new Date(Date.now() + ((i % 13) + 1) * 86_400_000).toISOString() : null,
    ]),
  ];
  const col = (k) => rows.map((r) => r[k]);
  await db.query(
    `INSERT INTO groups.memberships (id, group_id, user_id, email, first_name, last_name, role, status, permissions, expires_at, responded_at)
     SELECT x.id, $1, x.u, x.e, 'Bench', 'Member ' || x.n, x.r, 'ACTIVE', $2::text[], x.exp, now()
     FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::timestamptz[]) WITH ORDINALITY AS x(id, u, r, e, exp, n)`,
    [groupId, PERMISSIONS, col(0), col(1), col(2), col(3), col(4)],
  );
  await db.query(
    `INSERT INTO groups.people (user_id, email, first_name, last_name, email_verified, identity_saved)
     SELECT x.u, x.e, 'Bench', 'Member ' || x.n, true, x.n % 3 <> 0
     FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS x(u, e, n) ON CONFLICT DO NOTHING`,
    [col(1).slice(1), col(3).slice(1)],
  );
  await db.query(
    `INSERT INTO requests.group_memberships (membership_id, group_id, parent_group_id, user_id, person_id, email, role, status, permissions, expires_at, version)
     SELECT x.id, $1, $2, x.u, NULL, x.e, x.r, 'ACTIVE', $3::text[], x.exp, 1
     FROM unnest($4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::timestamptz[]) AS x(id, u, r, e, exp)`,
    [groupId, adminGroupId, PERMISSIONS, col(0), col(1), col(2), col(3), col(4)],
  );
  await db.query(
    `INSERT INTO groups.acts (id, at, actor_id, member_id, group_id, permission, context, action, resource_type, resource_id)
     SELECT gen_random_uuid(), now() - i * interval '37 seconds', $1, ($3::uuid[])[1 + i % $4], $2,
       (ARRAY['VIEW_RECORDS','REQUEST_RECORDS','UPLOAD_RECORDS'])[1 + i % 3], (ARRAY['records','requests','records'])[1 + i % 3],
       (ARRAY['records.patient-request-read','requests.patient-request-submitted','records.self-upload-stored'])[1 + i % 3],
       'patient_request', gen_random_uuid()::text
     FROM generate_series(1, $5) AS i`,
    [coordinatorId, groupId, members, MEMBERS, ACTS],
  );
  const [{ id: custodianId }] = (await db.query(`SELECT id FROM requests.custodians ORDER BY name LIMIT 1`))
    .rows;
  await db.query(
    `INSERT INTO requests.patient_requests (id, user_id, person_id, custodian_id, patient_first_name, patient_last_name, patient_dob, status, doc_req_types, created_at)
     SELECT gen_random_uuid(), ($1::uuid[])[1 + i % $2], gen_random_uuid(), $3, 'Bench', 'Member ' || (i % $2), date '1950-01-01' + i % 20000,
       CASE WHEN i % 4 = 0 THEN 'Completed' ELSE 'New' END, ARRAY['IMAGES'], now() - (i % 60) * interval '1 day'
     FROM generate_series(1, $4) AS i`,
    [members, MEMBERS, custodianId, OPEN_REQUESTS],
  );
  for (const t of [
    'groups.memberships',
    'groups.acts',
    'groups.people',
    'requests.group_memberships',
    'requests.patient_requests',
  ])
    await db.query(`VACUUM ANALYZE ${t}`);
  await db.end();
  console.log(
    `groups-worklist-logs: ${MEMBERS} members, ${ACTS} acts, ${OPEN_REQUESTS} requests written in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const pages = [
    [
      'logs first page (admin, 25 rows + total)',
      `/api/groups/getLogs?groupId=${groupId}&page=1&size=25`,
      admin.token,
    ],
    [
      'logs filtered by member',
      `/api/groups/getLogs?groupId=${groupId}&memberId=${members[7]}&page=1&size=25`,
      admin.token,
    ],
    [
      'worklist (coordinator: invitations, expiring, missing ID)',
      `/api/groups/worklist?groupId=${groupId}`,
      coordinator.token,
    ],
    [
      'open requests by due date (coordinator, 25 rows + total)',
      `/api/requests/coordinatorWorklist?page=1&size=25`,
      coordinator.token,
    ],
  ];
  // The floor of this machine and gateway: a signed-in read of one small row, same load.
  pages.push([
    'floor: GET /api/notificationSettings (one small row)',
    '/api/notificationSettings',
    coordinator.token,
  ]);
  for (const [label, path, token] of pages) {
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(`${url}${path}`, { headers });
    const body = await first.json();
    if (first.status !== 200)
      throw new Error(`${label}: ${first.status} ${JSON.stringify(body).slice(0, 200)}`);
    const size = Array.isArray(body)
      ? `${body.length} items`
      : Array.isArray(body.rows)
        ? `${body.rows.length} rows of ${body.total}`
        : Object.entries(body)
            .map(([k, v]) => `${k} ${Array.isArray(v) ? v.length : v}`)
            .join(', ');
    const req = [{ method: 'GET', path, headers }];
    await cannon({ url, requests: req, connections: 5, duration: 2 }); // warm-up
    const s = summarise(await cannon({ url, requests: req, connections: CONNECTIONS, duration: DURATION }));
    const bad = s.non2xx + s.errors + s.timeouts;
    console.log(
      `groups-worklist-logs: ${label} (${size}): ${CONNECTIONS} connections x ${DURATION} s: ${s.rps.toFixed(0)} req/s   p50 ${s.p50} ms   p99 ${s.p99} ms${bad ? `   (${s.non2xx} non-2xx, ${s.errors} errors)` : ''}   target p99 < 50 ms: ${met(s.p99 < 50 && !bad)}`,
    );
    result(
      'groups-worklist-logs',
      `${label} p99 (20 conn)`,
      `${s.p99} ms`,
      '< 50 ms',
      met(s.p99 < 50 && !bad),
    );
  }
});
