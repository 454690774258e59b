#!/usr/bin/env node
// The gateway hop against nginx on the same hop: the auth context alone, the gateway in proxy mode in
// front of it, and nginx (one worker, upstream keep-alive, the config written by nginx-config.ts from the
// gateway's route table and edge rules) in front of the same context. autocannon, 100 connections,
// GET /api/user/roles with a bearer token, each target measured alone on the CPU (one after the other).
// The cores are shared with other work, so nginx and the gateway run back to back in each round (order
// alternating) and the ratio is the median of the rounds' ratios; CPU time per request of each edge
// process (from /proc) is printed too, as it moves less with the machine's load than req/s.
// Target: gateway >= 0.8 of nginx's req/s.
// Fair terms: ONE gateway process against ONE nginx worker; both add the edge's headers, CSRF cookie,
// CORS and rate limits; neither writes access logs (the gateway runs at LOG_LEVEL=warn).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const {
  baseEnv,
  cannon,
  envPort,
  freePort,
  freshDatabase,
  login,
  met,
  needTool,
  result,
  root,
  runBench,
  startGateway,
  startProcess,
  summarise,
  tempDir,
  waitHealthy,
  waitListening,
} = require('./lib.cjs');
const { ensureNginx } = require('../services/gateway/bin/ensure-nginx.cjs');

const DURATION = Number(process.env.BENCH_DURATION || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONNECTIONS = 100;
const TARGET = 0.8;
const CONTEXTS = ['auth', 'requests', 'records', 'sharing', 'imaging', 'provider', 'groups', 'billing'];
const LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' };

const CLOCK_TICKS = 100; // USER_HZ of /proc/<pid>/stat on Linux
/** CPU ms used so far by a process and its children (nginx's worker), from /proc. */
const cpuMs = (pid) => {
  let children = [];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
  } catch {
    /* no children file: the process alone */
  }
  let ticks = 0;
  for (const p of [pid, ...children]) {
    const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
  }
  return (ticks * 1000) / CLOCK_TICKS;
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const measure = async (label, url, token, pid) => {
  const headers = { authorization: `Bearer ${token}` };
  await cannon({ url, headers, connections: 10, duration: 2 }); // warm-up (JIT, upstream pools)
  const before = cpuMs(pid);
  const s = summarise(await cannon({ url, headers, connections: CONNECTIONS, duration: DURATION }));
  s.cpuUs = ((cpuMs(pid) - before) * 1000) / s.total;
  const bad = s.non2xx + s.errors + s.timeouts;
  console.log(
    `  ${label.padEnd(10)} ${s.rps.toFixed(0).padStart(6)} req/s   p50 ${String(s.p50).padStart(3)} ms   p99 ${String(s.p99).padStart(3)} ms   ${s.cpuUs.toFixed(0).padStart(4)} us CPU/request in ${label === 'direct' ? 'the context' : label}   (${s.total} requests${bad ? `, ${s.non2xx} non-2xx, ${s.errors} errors, ${s.timeouts} timeouts` : ''})`,
  );
  if (bad) throw new Error(`${label}: ${bad} failed responses; the figures would not be of successful reads`);
  return s;
};

/** Both edges must do the edge's work on the measured call, or the comparison says nothing. */
const checkEdge = async (label, url, token) => {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, 'x-request-id': 'bench-hop-0001' },
  });
  const h = res.headers;
  const missing = [
    res.status === 200 || `status ${res.status}`,
    (h.get('content-security-policy') || '').includes("default-src 'self'") || 'content-security-policy',
    h.get('x-content-type-options') === 'nosniff' || 'x-content-type-options',
    /^XSRF-TOKEN=\w+/.test(h.get('set-cookie') || '') || 'CSRF cookie',
    h.get('x-request-id') === 'bench-hop-0001' || 'x-request-id',
  ].filter((x) => x !== true);
  if (missing.length) throw new Error(`${label} does not hold the edge rules: ${missing.join(', ')}`);
};

runBench('gateway-hop', async () => {
  const nginx = needTool('gateway-hop', 'nginx', ensureNginx);
  const [authPort, gatewayPort, nginxPort] = [
    await envPort('BENCH_HOP_AUTH_PORT'),
    await envPort('BENCH_HOP_GATEWAY_PORT'),
    await envPort('BENCH_HOP_NGINX_PORT'),
  ];
  console.log(
    `gateway-hop: GET /api/user/roles, autocannon ${CONNECTIONS} connections x ${DURATION} s, 2 s warm-up, ${ROUNDS} rounds back to back (median)`,
  );
  console.log(
    '  one gateway process (Node, single thread) against one nginx worker; the auth context alone behind both',
  );

  const databaseUrl = await freshDatabase('hop');
  const dataDir = tempDir('hop');
  const auth = startProcess(
    'auth',
    ['services/auth/dist/main.js'],
    baseEnv({
      ...LIMITS,
      PORT: String(authPort),
      DATABASE_URL: databaseUrl,
      PORTAL_DATA_DIR: dataDir,
      SMTP_CAPTURE_PORT: String(await freePort()),
      SERVICE_NAME: 'auth',
    }),
  );
  const authUrl = `http://127.0.0.1:${authPort}`;
  await waitHealthy(auth, `${authUrl}/health`);

  // Only auth runs: every <CTX>_URL names it, so health and the OpenAPI merge find an answer at once.
  const urls = Object.fromEntries(CONTEXTS.map((n) => [`${n.toUpperCase()}_URL`, authUrl]));
  const gateway = await startGateway('hop', {
    port: gatewayPort,
    databaseUrl,
    env: {
      ...LIMITS,
      ...urls,
      GATEWAY_MODE: 'proxy',
      PORTAL_DATA_DIR: dataDir,
      SERVICE_NAME: 'gateway',
      AUTH_JWKS_URL: `${authUrl}/api/auth/jwks`,
    },
  });

  // nginx: the production configuration, with the gateway's limits, one worker, in the foreground.
  const { nginxConfig, nginxOptionsFromConfig } = require(
    path.join(root, 'services/gateway/dist/nginx-config.js'),
  );
  const { loadConfig } = require(path.join(root, 'libs/server-kit/dist/config.js'));
  const prefix = tempDir('hop-nginx');
  fs.mkdirSync(path.join(prefix, 'temp'));
  const config = loadConfig({
    ...LIMITS,
    ...urls,
    PORT: String(nginxPort),
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
  });
  const conf = nginxConfig(
    nginxOptionsFromConfig(config, {
      listen: `127.0.0.1:${nginxPort}`,
      workerProcesses: 1,
      foreground: true,
      tempDir: path.join(prefix, 'temp'),
      accessLog: 'off',
    }),
  );
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  const proxy = startProcess('nginx', ['-c', path.join(prefix, 'nginx.conf'), '-p', prefix], process.env, {
    command: nginx,
  });
  await waitListening(proxy, nginxPort);

  const { token } = await login(gateway.url);
  const targets = {
    nginx: `http://127.0.0.1:${nginxPort}/api/user/roles`,
    gateway: `${gateway.url}/api/user/roles`,
  };
  for (const [label, url] of Object.entries(targets)) await checkEdge(label, url, token);

  const pids = { direct: auth.child.pid, nginx: proxy.child.pid, gateway: gateway.proc.child.pid };
  const runs = { direct: [], nginx: [], gateway: [] };
  const ratios = [];
  runs.direct.push(await measure('direct', `${authUrl}/api/user/roles`, token, pids.direct));
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}:`);
    // Alternating who goes first spreads the machine's drift (other users of the cores) over both.
    const order = round % 2 ? ['nginx', 'gateway'] : ['gateway', 'nginx'];
    for (const label of order) runs[label].push(await measure(label, targets[label], token, pids[label]));
    ratios.push(runs.gateway.at(-1).rps / runs.nginx.at(-1).rps);
    console.log(`  gateway/nginx this round ${ratios.at(-1).toFixed(2)}`);
  }
  const ratio = median(ratios);
  const fig = (label) => ({
    rps: median(runs[label].map((r) => r.rps)),
    p99: median(runs[label].map((r) => r.p99)),
    cpuUs: median(runs[label].map((r) => r.cpuUs)),
  });
  const [direct, nginxFig, gatewayFig] = [fig('direct'), fig('nginx'), fig('gateway')];
  console.log(
    `gateway/nginx ${ratio.toFixed(2)} (median of ${ROUNDS} rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}; target >= ${TARGET})`,
  );
  console.log(
    `CPU per request: nginx worker ${nginxFig.cpuUs.toFixed(0)} us, gateway ${gatewayFig.cpuUs.toFixed(0)} us, the auth context ${direct.cpuUs.toFixed(0)} us`,
  );

  const row = (f) => `${f.rps.toFixed(0)} (p99 ${f.p99} ms, ${f.cpuUs.toFixed(0)} us CPU/request)`;
  result('gateway-hop', 'auth direct GET /api/user/roles req/s', row(direct), '-', 'info');
  result('gateway-hop', 'nginx (1 worker) GET /api/user/roles req/s (median)', row(nginxFig), '-', 'info');
  result(
    'gateway-hop',
    'gateway (1 process) GET /api/user/roles req/s (median)',
    row(gatewayFig),
    '-',
    'info',
  );
  result(
    'gateway-hop',
    'gateway/nginx ratio (median of rounds)',
    ratio.toFixed(2),
    `>= ${TARGET}`,
    met(ratio >= TARGET),
  );
});
