#!/usr/bin/env node
// PostgreSQL faults under load (issues 8 and 14): a gateway in embedded mode under signed-in reads
// (GET /api/myIdentity/getPerson) and writes (POST /api/myIdentity/saveDetails) from a few workers,
// then (1) every server process frozen (SIGSTOP) for 6 s, (2) the postmaster killed (SIGKILL). Run twice:
//   server:   a PostgreSQL server of the bench's own as DATABASE_URL (never the machine's shared one),
//             which the bench starts again 2 s after the kill, as an operator would;
//   embedded: no DATABASE_URL, as `npm start` runs: the portal's own embedded PostgreSQL, which
//             nobody but the portal's supervisor starts again.
// Figures: recovery after each fault (target <= 10 s; after the kill of the embedded server, from the
// kill itself), lost writes (answered 2xx but not in the database; target 0), the slowest call
// (target <= 8 s) and answers that are neither 2xx nor a proper 503 (target 0). Needs `npm run build:server`.
'use strict';
const path = require('node:path');
const { Client } = require('pg');
const { envPort, login, met, onCleanup, result, runBench, sleep, startGateway } = require('./lib.cjs');
const { startOwnPostgres } = require('../libs/server-kit/dist/testing/pg-server.js');
const { serverFaults } = require('../libs/server-kit/dist/testing/server-faults.js');
const { FAULT_BOUNDS, FaultLoad, httpFaultCall } = require('../libs/server-kit/dist/testing/fault-load.js');

const KILLED_MS = 2000;
const { freezeMs: FREEZE_MS, recoveryMs: RECOVERY_TARGET_MS, maxCallMs: MAX_CALL_TARGET_MS } = FAULT_BOUNDS;
const WORKERS = { read: 4, write: 4 };

const health = async (url) => {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) });
    return `${res.status} ${JSON.stringify(await res.json())}`;
  } catch (err) {
    return `no answer (${err.message})`;
  }
};

/**
 * One run of both faults against a gateway on `database`: { url, faults, restart? }. Without `restart`
 * the server must come back by itself (the embedded supervisor); recovery is then measured from the kill.
 */
const experiment = async (label, gateway, database) => {
  const { token } = await login(gateway.url);
  const load = new FaultLoad(httpFaultCall(gateway.url, token), WORKERS, `bench-faults-${label}`);
  onCleanup(() => load.stop());
  load.start();
  await load.warmedUp(10);

  const frozenAt = Date.now();
  database.faults.freeze();
  await load.unavailableAfter(frozenAt);
  console.log(`  [${label}] frozen: gateway /health ${await health(gateway.url)}`);
  await sleep(frozenAt + FREEZE_MS - Date.now()); // the fault lasts 6 s by definition
  database.faults.thaw();
  const afterFreeze = await load.recoveredAfter(Date.now());
  await load.warmedUp(load.acknowledgedWrites().length + 10);

  const killedAt = Date.now();
  database.faults.kill();
  const refusedAt = await load.unavailableAfter(killedAt);
  console.log(`  [${label}] killed: gateway /health ${await health(gateway.url)}`);
  let afterKill;
  let recoveredFrom;
  if (database.restart) {
    await sleep(killedAt + KILLED_MS - Date.now()); // the server stays away 2 s by definition
    const restartAt = Date.now();
    await database.restart();
    console.log(`  [${label}] the bench started the server again in ${Date.now() - restartAt} ms`);
    afterKill = await load.recoveredAfter(Date.now());
    recoveredFrom = 'the restarted server accepting connections';
  } else {
    // Calls sent after the first refusal cannot have been served by the killed server.
    afterKill = refusedAt - killedAt + (await load.recoveredAfter(refusedAt));
    recoveredFrom = 'the kill (the portal restarted the server itself)';
  }
  await load.warmedUp(load.acknowledgedWrites().length + 10);
  await load.stop();
  console.log(`  [${label}] after: gateway /health ${await health(gateway.url)}`);

  const acknowledged = load.acknowledgedWrites();
  const db = new Client({ connectionString: database.url });
  await db.connect();
  const lost = (await load.lostWrites(async (sql, params) => (await db.query(sql, params)).rows)).length;
  await db.end();
  const s = load.summary();
  const wrong = load.wrongAnswers().length;

  console.log(
    `  [${label}] ${s.calls} calls: ${s.ok} 2xx, ${s.unavailable} 503, ${s.internalErrors} 500, ${s.noAnswer} unanswered, ${wrong} not 2xx nor a proper 503; slowest ${s.maxMs} ms`,
  );
  console.log(
    `  [${label}] recovery: ${afterFreeze} ms after SIGCONT, ${afterKill} ms after ${recoveredFrom}`,
  );
  console.log(
    `  [${label}] writes: ${acknowledged.length} answered 2xx, ${lost} of them not in the database`,
  );
  const bench = `faults (${label})`;
  result(
    bench,
    'recovery after 6 s freeze (ms)',
    afterFreeze,
    `<= ${RECOVERY_TARGET_MS}`,
    met(afterFreeze <= RECOVERY_TARGET_MS),
  );
  result(
    bench,
    database.restart
      ? 'recovery after kill + restart (ms)'
      : 'recovery after kill, restarted by the portal (ms)',
    afterKill,
    `<= ${RECOVERY_TARGET_MS}`,
    met(afterKill <= RECOVERY_TARGET_MS),
  );
  result(bench, 'lost acknowledged writes', lost, '0', met(lost === 0));
  result(
    bench,
    'slowest call during faults (ms)',
    s.maxMs,
    `<= ${MAX_CALL_TARGET_MS}`,
    met(s.maxMs <= MAX_CALL_TARGET_MS),
  );
  result(bench, 'answers neither 2xx nor 503 + Retry-After', wrong, '0', met(wrong === 0));
};

runBench('faults', async () => {
  const env = { RATE_LIMIT_PER_MINUTE: '100000000' };
  // Free ports unless asked for (BENCH_FAULTS_PORT, BENCH_FAULTS_PG_PORT, BENCH_FAULTS_EMBEDDED_PG_PORT):
  // the bench runs beside a portal that is already up.
  const GATEWAY_PORT = await envPort('BENCH_FAULTS_PORT');

  const pg = await startOwnPostgres(await envPort('BENCH_FAULTS_PG_PORT'));
  onCleanup(() => pg.destroy());
  console.log(
    `faults (server): own PostgreSQL on port ${pg.port} as DATABASE_URL; gateway on ${GATEWAY_PORT}; ${WORKERS.read} readers + ${WORKERS.write} writers`,
  );
  const withServer = await startGateway('faults', { port: GATEWAY_PORT, databaseUrl: pg.url, env });
  await experiment('server', withServer, { url: pg.url, faults: pg, restart: () => pg.start() });
  await withServer.proc.stop();

  const EMBEDDED_PG_PORT = await envPort('BENCH_FAULTS_EMBEDDED_PG_PORT');
  console.log(
    `faults (embedded): no DATABASE_URL, the portal's embedded PostgreSQL on port ${EMBEDDED_PG_PORT}; gateway on ${GATEWAY_PORT}`,
  );
  const embedded = await startGateway('faults-embedded', {
    port: GATEWAY_PORT,
    embeddedPgPort: EMBEDDED_PG_PORT,
    env: { ...env, DEMO_CT_SLICES: '0', FACILITY_CATALOGUE_SIZE: '200' },
  });
  await experiment('embedded', embedded, {
    url: `postgres://portal:portal@127.0.0.1:${EMBEDDED_PG_PORT}/postgres`,
    faults: serverFaults(path.join(embedded.dataDir, 'postgres')),
  });
});
