#!/usr/bin/env node
// `npm start` (node services/gateway/bin/start.cjs) on the built tree until GET /health answers 200:
// once on a fresh PORTAL_DATA_DIR (embedded PostgreSQL runs initdb) and once more on the same,
// already-initialised folder. Target < 15 s each.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const {
  assertPortFree,
  baseEnv,
  envPort,
  met,
  onCleanup,
  result,
  runBench,
  sleep,
  startProcess,
  tempDir,
  waitHealthy,
} = require('./lib.cjs');

const TARGET_MS = 15_000;

/** Embedded PostgreSQL outlives the gateway (persistent cluster): stop it by the pid in its own postmaster.pid. */
const stopEmbeddedPostgres = async (dataDir) => {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid) return;
  try {
    process.kill(pid, 'SIGINT'); // fast shutdown
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* gone */
  }
};

/**
 * The ports of both starts: free ones unless asked for, so the bench runs beside a portal that is up on
 * the defaults (8080, embedded PostgreSQL 54329, SMTP capture 2525, the local payment processor 8099).
 */
const startPorts = async () => ({
  http: await envPort('BENCH_START_PORT'),
  pg: await envPort('BENCH_START_PG_PORT'),
  smtp: await envPort('BENCH_START_SMTP_PORT'),
  payments: await envPort('BENCH_START_PAYMENTS_PORT'),
});

const timeStart = async (label, dataDir, ports) => {
  for (const port of Object.values(ports)) await assertPortFree(port);
  const env = baseEnv({
    PORT: String(ports.http),
    PUBLIC_URL: `http://127.0.0.1:${ports.http}`,
    PORTAL_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(ports.pg),
    SMTP_CAPTURE_PORT: String(ports.smtp),
    LOCAL_STRIPE_PORT: String(ports.payments),
    LOG_LEVEL: 'info',
  });
  const t0 = Date.now();
  const proc = startProcess(`npm-start-${label}`, ['services/gateway/bin/start.cjs'], env);
  await waitHealthy(proc, `http://127.0.0.1:${ports.http}/health`, 120_000);
  const ms = Date.now() - t0;
  const pgLines = proc.lines
    .filter((l) => /embedded PostgreSQL/.test(l))
    .map((l) => {
      try {
        return JSON.parse(l).msg;
      } catch {
        return l;
      }
    });
  console.log(`  (${label}: ${pgLines.join(', ') || 'no embedded PostgreSQL log line'})`);
  await proc.stop();
  await stopEmbeddedPostgres(dataDir);
  return ms;
};

runBench('start-time', async () => {
  const dataDir = tempDir('start');
  onCleanup(() => stopEmbeddedPostgres(dataDir));
  const ports = await startPorts();
  console.log(
    `  ports: gateway ${ports.http}, embedded PostgreSQL ${ports.pg}, SMTP capture ${ports.smtp}, local payment processor ${ports.payments}`,
  );
  const fresh = await timeStart('fresh', dataDir, ports);
  console.log(
    `start-time: fresh data dir (initdb, migrations, demo seed)   ${(fresh / 1000).toFixed(1)} s   target < 15 s   ${met(fresh < TARGET_MS)}`,
  );
  const again = await timeStart('again', dataDir, ports);
  console.log(
    `start-time: same data dir again (start, no initdb)            ${(again / 1000).toFixed(1)} s   target < 15 s   ${met(again < TARGET_MS)}`,
  );
  result(
    'start-time',
    'npm start, fresh data dir -> /health 200',
    `${(fresh / 1000).toFixed(1)} s`,
    '< 15 s',
    met(fresh < TARGET_MS),
  );
  result(
    'start-time',
    'npm start, initialised data dir -> /health 200',
    `${(again / 1000).toFixed(1)} s`,
    '< 15 s',
    met(again < TARGET_MS),
  );
});
