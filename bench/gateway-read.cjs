#!/usr/bin/env node
// Authenticated reads through the gateway with autocannon (100 connections, 10 s each):
//  - embedded mode: GET /api/user/roles (target >= 5000 req/s, p99 < 50 ms)
//  - embedded mode: GET /api/myIdentity/getPerson (target >= 4000 req/s, p99 < 50 ms)
//  - proxy mode: GET /api/user/roles through the gateway and directly against the auth context alone,
//    and the ratio (gateway overhead).
// Client and servers share the machine's 2 cores, so figures include autocannon's own CPU.
'use strict';
const { assertPortFree, baseEnv, cannon, freePort, freshDatabase, login, met, result, runBench, sleep, startGateway, startProcess, summarise, tempDir, waitHealthy } = require('./lib.cjs');

const EMBEDDED_PORT = Number(process.env.BENCH_READ_EMBEDDED_PORT || 9120);
const PROXY_PORT = Number(process.env.BENCH_READ_PROXY_PORT || 9121);
const AUTH_PORT = Number(process.env.BENCH_READ_AUTH_PORT || 9201);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 100;
const CONTEXTS = ['auth', 'requests', 'records', 'sharing', 'imaging', 'provider', 'groups'];
const LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' };

const measure = async (label, url, token) => {
  const headers = { authorization: `Bearer ${token}` };
  await cannon({ url, headers, connections: 10, duration: 2 }); // warm-up (JIT, pools)
  const s = summarise(await cannon({ url, headers, connections: CONNECTIONS, duration: DURATION }));
  const bad = s.non2xx + s.errors + s.timeouts;
  console.log(`  ${label.padEnd(44)} ${s.rps.toFixed(0).padStart(6)} req/s   p50 ${String(s.p50).padStart(3)} ms   p99 ${String(s.p99).padStart(3)} ms   (${s.total} requests${bad ? `, ${s.non2xx} non-2xx, ${s.errors} errors, ${s.timeouts} timeouts` : ''})`);
  if (bad) console.log(`    WARNING: ${bad} failed responses; figures are not of successful reads`);
  return s;
};

const verdict = (s, minRps, maxP99) => `req/s ${met(s.rps >= minRps)}, p99 ${met(s.p99 < maxP99)}`;

runBench('gateway-read', async () => {
  console.log(`gateway-read: autocannon ${CONNECTIONS} connections x ${DURATION} s per run, 2 s warm-up at 10 connections`);

  // Embedded mode: every context in the gateway's process.
  const embedded = await startGateway('read', { port: EMBEDDED_PORT, env: LIMITS });
  const { token } = await login(embedded.url);
  console.log('embedded mode (one process):');
  const roles = await measure('GET /api/user/roles', `${embedded.url}/api/user/roles`, token);
  const person = await measure('GET /api/myIdentity/getPerson', `${embedded.url}/api/myIdentity/getPerson`, token);
  console.log(`  roles: target >= 5000 req/s, p99 < 50 ms: ${verdict(roles, 5000, 50)}`);
  console.log(`  getPerson: target >= 4000 req/s, p99 < 50 ms: ${verdict(person, 4000, 50)}`);
  await embedded.proc.stop();

  // Proxy mode: the auth context alone, the gateway forwarding to it.
  await assertPortFree(AUTH_PORT);
  const databaseUrl = await freshDatabase('readproxy');
  const dataDir = tempDir('readproxy');
  const smtp = String(await freePort());
  const auth = startProcess(
    'auth',
    ['services/auth/dist/main.js'],
    baseEnv({ ...LIMITS, PORT: String(AUTH_PORT), DATABASE_URL: databaseUrl, PORTAL_DATA_DIR: dataDir, SMTP_CAPTURE_PORT: smtp, SERVICE_NAME: 'auth' }),
  );
  const authUrl = `http://127.0.0.1:${AUTH_PORT}`;
  await waitHealthy(auth, `${authUrl}/health`);
  // Only auth runs: every <CTX>_URL names it, so the gateway's health and OpenAPI merge find an answer at once.
  const urls = Object.fromEntries(CONTEXTS.map((n) => [`${n.toUpperCase()}_URL`, authUrl]));
  const proxy = await startGateway('readproxy', {
    port: PROXY_PORT,
    databaseUrl,
    env: { ...LIMITS, ...urls, GATEWAY_MODE: 'proxy', PORTAL_DATA_DIR: dataDir, SERVICE_NAME: 'gateway', AUTH_JWKS_URL: `${authUrl}/api/auth/jwks` },
  });
  const proxyToken = (await login(proxy.url)).token;
  await sleep(500);
  console.log('proxy mode (gateway -> auth context alone):');
  const viaGateway = await measure('GET /api/user/roles via proxy gateway', `${proxy.url}/api/user/roles`, proxyToken);
  await proxy.proc.stop(); // the gateway process must not compete for CPU with the direct run
  const direct = await measure('GET /api/user/roles direct to auth', `${authUrl}/api/user/roles`, proxyToken);
  const ratio = direct.rps / viaGateway.rps;
  console.log(`  gateway overhead: direct/gateway throughput ${ratio.toFixed(2)}x, p99 ${viaGateway.p99} ms vs ${direct.p99} ms (difference ${viaGateway.p99 - direct.p99 >= 0 ? '+' : ''}${viaGateway.p99 - direct.p99} ms)`);

  result('gateway-read', 'embedded GET /api/user/roles req/s', roles.rps.toFixed(0), '>= 5000', met(roles.rps >= 5000));
  result('gateway-read', 'embedded GET /api/user/roles p99', `${roles.p99} ms`, '< 50 ms', met(roles.p99 < 50));
  result('gateway-read', 'embedded GET /api/myIdentity/getPerson req/s', person.rps.toFixed(0), '>= 4000', met(person.rps >= 4000));
  result('gateway-read', 'embedded GET /api/myIdentity/getPerson p99', `${person.p99} ms`, '< 50 ms', met(person.p99 < 50));
  result('gateway-read', 'proxy gateway GET /api/user/roles req/s', `${viaGateway.rps.toFixed(0)} (p99 ${viaGateway.p99} ms)`, '-', 'info');
  result('gateway-read', 'auth direct GET /api/user/roles req/s', `${direct.rps.toFixed(0)} (p99 ${direct.p99} ms)`, '-', 'info');
  result('gateway-read', 'gateway overhead (direct/gateway req/s)', `${ratio.toFixed(2)}x`, '-', 'info');
});
