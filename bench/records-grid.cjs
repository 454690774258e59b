#!/usr/bin/env node
// The records library's grid protocol for a patient with 10,000 studies in a database of 1,000,000
// library rows (studies and documents of 9,900 other users, written with generate_series straight into
// the records tables; the patient is a real account registered through the API). Embedded gateway on
// a fresh database.
//   (a) the whole grid as the client reads it: loadGrid, checkData until ready, every fetchData chunk
//       of 500 in turn (each answer parsed), ~20 runs: median and p95. Target < 1000 ms.
//   (b) one fetchData chunk of 500 rows, 50 connections for 10 s (autocannon) with the Accept-Encoding
//       browsers send (fetch() in (a) sends it too): p99. Target < 50 ms. The same without compression
//       (413 KB a chunk) is printed beside it.
'use strict';
const { Client } = require('pg');
const {
  cannon,
  envPort,
  freshDatabase,
  met,
  result,
  runBench,
  startGateway,
  summarise,
} = require('./lib.cjs');
const { seedLibrary } = require('./library-data.cjs');

const DURATION = Number(process.env.BENCH_DURATION || 10);
const RUNS = Number(process.env.BENCH_GRID_RUNS || 20);
const CONNECTIONS = 50;
const PATIENT_STUDIES = 10_000;
const CHUNK = 500;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

runBench(
  'records-grid',
  async () => {
    const databaseUrl = await freshDatabase('grid');
    const { url } = await startGateway('grid', {
      port: await envPort('BENCH_GRID_PORT'),
      databaseUrl,
      env: {
        RATE_LIMIT_PER_MINUTE: '100000000',
        RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000',
        RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
    });
    const email = `grid-bench-${Date.now()}@example.com`;
    const reg = await fetch(`${url}/api/auth/registerAccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
      body: JSON.stringify({ email, password: 'Bench-Grid-1' }),
    });
    const account = await reg.json();
    if (!account.token) throw new Error(`registerAccount: HTTP ${reg.status} ${JSON.stringify(account)}`);
    const { userId, personId } = account.user;
    const headers = { authorization: `Bearer ${account.token}` };

    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    await seedLibrary(db, { userId, personId, patientStudies: PATIENT_STUDIES, label: 'records-grid' });

    const get = async (path) => {
      const res = await fetch(`${url}${path}`, { headers });
      const body = await res.json();
      if (res.status !== 200)
        throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    /** The client's whole read of the grid; answers its time, the row count and the loadGrid time. */
    const wholeGrid = async () => {
      const started = performance.now();
      const { identifier } = await get('/api/v2/myRecords/loadGrid');
      const loaded = performance.now() - started;
      let check = await get(`/api/v2/myRecords/checkData?identifier=${identifier}`);
      while (!check.isReady) check = await get(`/api/v2/myRecords/checkData?identifier=${identifier}`);
      let rows = 0;
      for (let offset = 0; ; offset += CHUNK) {
        const chunk = await get(
          `/api/v2/myRecords/fetchData?identifier=${identifier}&chunkSize=${CHUNK}&chunkOffset=${offset}`,
        );
        rows += chunk.rows.length;
        if (!chunk.hasMore) break;
      }
      return { ms: performance.now() - started, rows, loaded, identifier, total: check.total };
    };

    const warm = await wholeGrid();
    if (warm.rows !== PATIENT_STUDIES || warm.total !== PATIENT_STUDIES)
      throw new Error(
        `the grid answered ${warm.rows} rows (total ${warm.total}), expected ${PATIENT_STUDIES}`,
      );
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await wholeGrid());
    const times = runs.map((r) => r.ms);
    const loads = runs.map((r) => r.loaded);
    const median = pct(times, 50);
    const p95 = pct(times, 95);
    console.log(
      `records-grid: whole grid (loadGrid + checkData + ${PATIENT_STUDIES / CHUNK} chunks), ${RUNS} runs: median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; loadGrid alone median ${pct(loads, 50).toFixed(0)} ms`,
    );
    console.log(
      `records-grid: target whole grid median < 1000 ms: ${met(median < 1000)}   p95 < 1000 ms: ${met(p95 < 1000)}`,
    );

    const { identifier } = runs[runs.length - 1];
    // What a browser's fetch() sends; the uncompressed run below shows the cost of 413 KB a chunk.
    const chunksAs = (extra) =>
      Array.from({ length: PATIENT_STUDIES / CHUNK }, (_, k) => ({
        method: 'GET',
        path: `/api/v2/myRecords/fetchData?identifier=${identifier}&chunkSize=${CHUNK}&chunkOffset=${k * CHUNK}`,
        headers: { ...headers, ...extra },
      }));
    const chunks = chunksAs({ 'accept-encoding': 'gzip, deflate, br' });
    await cannon({ url, requests: chunks, connections: 10, duration: 2 }); // warm-up
    const s = summarise(
      await cannon({ url, requests: chunks, connections: CONNECTIONS, duration: DURATION }),
    );
    const bad = s.non2xx + s.errors + s.timeouts;
    const line = (label, r) =>
      `records-grid: ${label}: ${CONNECTIONS} connections x ${DURATION} s: ${r.rps.toFixed(0)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   (${r.total} requests${r.non2xx + r.errors + r.timeouts ? `, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : ''})`;
    console.log(line(`fetchData chunk of ${CHUNK} rows (br, as browsers ask)`, s));
    console.log(
      `records-grid: target one chunk p99 < 50 ms at ${CONNECTIONS} connections: ${met(s.p99 < 50 && !bad)}`,
    );
    const plain = summarise(
      await cannon({
        url,
        requests: chunksAs({}),
        connections: CONNECTIONS,
        duration: Math.max(3, DURATION / 2),
      }),
    );
    console.log(line(`fetchData chunk of ${CHUNK} rows (no Accept-Encoding: 413 KB each)`, plain));
    await db.end();

    result(
      'records-grid',
      `whole grid of ${PATIENT_STUDIES} rows (1M-row db), median of ${RUNS}`,
      `${median.toFixed(0)} ms`,
      '< 1000 ms',
      met(median < 1000),
    );
    result(
      'records-grid',
      `whole grid of ${PATIENT_STUDIES} rows, p95`,
      `${p95.toFixed(0)} ms`,
      '< 1000 ms',
      met(p95 < 1000),
    );
    result(
      'records-grid',
      'loadGrid (snapshot built) median',
      `${pct(loads, 50).toFixed(0)} ms`,
      '-',
      'INFO',
    );
    result(
      'records-grid',
      `one fetchData chunk of ${CHUNK} p99 (${CONNECTIONS} conn)`,
      `${s.p99} ms`,
      '< 50 ms',
      met(s.p99 < 50 && !bad),
    );
    result('records-grid', 'one fetchData chunk req/s', s.rps.toFixed(0), '-', 'INFO');
    result(
      'records-grid',
      `one chunk p99 without compression (${CONNECTIONS} conn)`,
      `${plain.p99} ms`,
      '-',
      plain.non2xx + plain.errors + plain.timeouts ? 'MISSED' : 'INFO',
    );
  },
  { timeoutMs: 600_000 },
);
