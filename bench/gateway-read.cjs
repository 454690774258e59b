#!/usr/bin/env node
// Authenticated reads through the gateway with autocannon (100 connections, 10 s each):
//  - embedded mode: GET /api/user/roles (target >= 5000 req/s, p99 < 50 ms)
//  - embedded mode: GET /api/myIdentity/getPerson (target >= 4000 req/s, p99 < 50 ms)
// The proxy-mode hop (gateway against nginx and the auth context direct) is bench/gateway-hop.cjs.
// Client and servers share the machine's 2 cores, so figures include autocannon's own CPU.
'use strict';
const { cannon, envPort, login, met, result, runBench, startGateway, summarise } = require('./lib.cjs');

const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 100;
const LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' };

const measure = async (label, url, token) => {
  const headers = { authorization: `Bearer ${token}` };
  await cannon({ url, headers, connections: 10, duration: 2 }); // warm-up (JIT, pools)
  const s = summarise(await cannon({ url, headers, connections: CONNECTIONS, duration: DURATION }));
  const bad = s.non2xx + s.errors + s.timeouts;
  console.log(
    `  ${label.padEnd(44)} ${s.rps.toFixed(0).padStart(6)} req/s   p50 ${String(s.p50).padStart(3)} ms   p99 ${String(s.p99).padStart(3)} ms   (${s.total} requests${bad ? `, ${s.non2xx} non-2xx, ${s.errors} errors, ${s.timeouts} timeouts` : ''})`,
  );
  if (bad) console.log(`    WARNING: ${bad} failed responses; figures are not of successful reads`);
  return s;
};

const verdict = (s, minRps, maxP99) => `req/s ${met(s.rps >= minRps)}, p99 ${met(s.p99 < maxP99)}`;

runBench('gateway-read', async () => {
  console.log(
    `gateway-read: autocannon ${CONNECTIONS} connections x ${DURATION} s per run, 2 s warm-up at 10 connections`,
  );

  // Embedded mode: every context in the gateway's process.
  const embedded = await startGateway('read', {
    port: await envPort('BENCH_READ_EMBEDDED_PORT'),
    env: LIMITS,
  });
  const { token } = await login(embedded.url);
  console.log('embedded mode (one process):');
  const roles = await measure('GET /api/user/roles', `${embedded.url}/api/user/roles`, token);
  const person = await measure(
    'GET /api/myIdentity/getPerson',
    `${embedded.url}/api/myIdentity/getPerson`,
    token,
  );
  console.log(`  roles: target >= 5000 req/s, p99 < 50 ms: ${verdict(roles, 5000, 50)}`);
  console.log(`  getPerson: target >= 4000 req/s, p99 < 50 ms: ${verdict(person, 4000, 50)}`);
  await embedded.proc.stop();

  result(
    'gateway-read',
    'embedded GET /api/user/roles req/s',
    roles.rps.toFixed(0),
    '>= 5000',
    met(roles.rps >= 5000),
  );
  result(
    'gateway-read',
    'embedded GET /api/user/roles p99',
    `${roles.p99} ms`,
    '< 50 ms',
    met(roles.p99 < 50),
  );
  result(
    'gateway-read',
    'embedded GET /api/myIdentity/getPerson req/s',
    person.rps.toFixed(0),
    '>= 4000',
    met(person.rps >= 4000),
  );
  result(
    'gateway-read',
    'embedded GET /api/myIdentity/getPerson p99',
    `${person.p99} ms`,
    '< 50 ms',
    met(person.p99 < 50),
  );
});
