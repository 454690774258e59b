#!/usr/bin/env node
// PostgreSQL faults under load (issue 8): a gateway in embedded mode on a PostgreSQL server of this
// bench's own (own port, temporary data folder; never the machine's shared server), signed-in reads
// (GET /api/myIdentity/getPerson) and writes (POST /api/myIdentity/saveDetails) from a few workers,
// then (1) every server process frozen (SIGSTOP) for 6 s, (2) the postmaster killed (SIGKILL) and
// started again 2 s later on the same data. Figures: recovery time after each (target <= 10 s), lost
// writes (answered 2xx but not in the database; target 0), the slowest call (target <= 8 s) and 500s
// (target 0). Needs `npm run build:server`.
'use strict';
const { Client } = require('pg');
const { login, met, onCleanup, result, runBench, sleep, startGateway } = require('./lib.cjs');
const { startOwnPostgres } = require('../libs/server-kit/dist/testing/pg-server.js');
const { FaultLoad } = require('../libs/server-kit/dist/testing/fault-load.js');

const GATEWAY_PORT = Number(process.env.BENCH_FAULTS_PORT || 9560);
const PG_PORT = Number(process.env.BENCH_FAULTS_PG_PORT || 9561);
const FREEZE_MS = 6000;
const KILLED_MS = 2000;
const RECOVERY_TARGET_MS = 10_000;
const MAX_CALL_TARGET_MS = 8000;
const WORKERS = { read: 4, write: 4 };

const details = {
  firstName: 'Patricia', lastName: 'Jordan', dateOfBirth: '29/02/1984', phone: '2125550199', countryCode: '1',
  address: '1 Liberty Plaza', cityId: 'US:NY:New York City', country: 'US', state: 'New York', postcode: '10006',
};

const health = async (url) => {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) });
    return `${res.status} ${JSON.stringify(await res.json())}`;
  } catch (err) {
    return `no answer (${err.message})`;
  }
};

runBench('faults', async () => {
  const pg = await startOwnPostgres(PG_PORT);
  onCleanup(() => pg.destroy());
  console.log(`faults: own PostgreSQL on port ${pg.port}; gateway (embedded) on ${GATEWAY_PORT}; ${WORKERS.read} readers + ${WORKERS.write} writers`);
  const gateway = await startGateway('faults', { port: GATEWAY_PORT, databaseUrl: pg.url, env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  const { token } = await login(gateway.url);

  const load = new FaultLoad(async (kind, requestId) => {
    const res = await fetch(`${gateway.url}/api/myIdentity/${kind === 'read' ? 'getPerson' : 'saveDetails'}`, {
      method: kind === 'read' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId, 'x-csrf-token': 'bench', ...(kind === 'write' ? { 'content-type': 'application/json' } : {}) },
      body: kind === 'write' ? JSON.stringify(details) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, body, headers: Object.fromEntries(res.headers) };
  }, WORKERS, 'bench-faults');
  onCleanup(() => load.stop());
  load.start();
  await load.warmedUp(10);

  const frozenAt = Date.now();
  pg.freeze();
  await load.unavailableAfter(frozenAt);
  console.log(`  frozen: gateway /health ${await health(gateway.url)}`);
  await sleep(frozenAt + FREEZE_MS - Date.now()); // the fault lasts 6 s by definition
  pg.thaw();
  const afterFreeze = await load.recoveredAfter(Date.now());
  await load.warmedUp(load.acknowledgedWrites().length + 10);

  const killedAt = Date.now();
  pg.kill();
  await load.unavailableAfter(killedAt);
  console.log(`  killed: gateway /health ${await health(gateway.url)}`);
  await sleep(killedAt + KILLED_MS - Date.now()); // the server stays away 2 s by definition
  const restartAt = Date.now();
  await pg.start();
  const startMs = Date.now() - restartAt;
  const afterKill = await load.recoveredAfter(Date.now());
  await load.warmedUp(load.acknowledgedWrites().length + 10);
  await load.stop();
  console.log(`  after: gateway /health ${await health(gateway.url)}`);

  const acknowledged = load.acknowledgedWrites();
  const db = new Client({ connectionString: pg.url });
  await db.connect();
  const stored = new Set((await db.query(`SELECT request_id FROM auth.audit_log WHERE action = 'identity.details-saved' AND request_id = ANY($1)`, [acknowledged])).rows.map((r) => r.request_id));
  await db.end();
  const lost = acknowledged.filter((id) => !stored.has(id)).length;
  const s = load.summary();
  const wrong = load.wrongAnswers().length;

  console.log(`  ${s.calls} calls: ${s.ok} 2xx, ${s.unavailable} 503, ${s.internalErrors} 500, ${s.noAnswer} unanswered, ${wrong} not 2xx nor a proper 503; slowest ${s.maxMs} ms`);
  console.log(`  recovery: ${afterFreeze} ms after SIGCONT, ${afterKill} ms after the restarted server accepted connections (its start took ${startMs} ms)`);
  console.log(`  writes: ${acknowledged.length} answered 2xx, ${lost} of them not in the database`);
  result('faults', 'recovery after 6 s freeze (ms)', afterFreeze, `<= ${RECOVERY_TARGET_MS}`, met(afterFreeze <= RECOVERY_TARGET_MS));
  result('faults', 'recovery after kill + restart (ms)', afterKill, `<= ${RECOVERY_TARGET_MS}`, met(afterKill <= RECOVERY_TARGET_MS));
  result('faults', 'lost acknowledged writes', lost, '0', met(lost === 0));
  result('faults', 'slowest call during faults (ms)', s.maxMs, `<= ${MAX_CALL_TARGET_MS}`, met(s.maxMs <= MAX_CALL_TARGET_MS));
  result('faults', 'answers neither 2xx nor 503 + Retry-After', wrong, '0', met(wrong === 0));
});
