#!/usr/bin/env node
// Sign-ins per second through the real endpoint: autocannon, 4 connections for 10 s, on
// POST /api/auth/login (each one an argon2id verify plus a session and a signed token), embedded
// gateway on a fresh database, with the sign-in rate limit raised out of the way.
'use strict';
const path = require('node:path');
const { cannon, envPort, login, result, root, runBench, startGateway, summarise } = require('./lib.cjs');

const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 4;

runBench('login', async () => {
  const { ARGON2_OPTIONS } = require(path.join(root, 'services/auth/dist/sessions/passwords.js'));
  const argon2 = require(require.resolve('argon2', { paths: [path.join(root, 'services/auth')] }));
  const typeName =
    Object.entries({ argon2d: argon2.argon2d, argon2i: argon2.argon2i, argon2id: argon2.argon2id }).find(
      ([, v]) => v === ARGON2_OPTIONS.type,
    )?.[0] ?? String(ARGON2_OPTIONS.type);
  const params = `${typeName}, memory ${ARGON2_OPTIONS.memoryCost / 1024} MiB, ${ARGON2_OPTIONS.timeCost} iterations, parallelism ${ARGON2_OPTIONS.parallelism}`;
  console.log(`login: argon2 parameters from services/auth/dist/sessions/passwords.js: ${params}`);

  const { url } = await startGateway('login', {
    port: await envPort('BENCH_LOGIN_PORT'),
    env: {
      RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
    },
  });
  await login(url); // warm-up and a check that the demo account answers
  const body = JSON.stringify({ username: 'patient@example.com', password: 'Demo-Portal-1' });
  const s = summarise(
    await cannon({
      url: `${url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
      body,
      connections: CONNECTIONS,
      duration: DURATION,
    }),
  );
  const bad = s.non2xx + s.errors + s.timeouts;
  console.log(
    `login: POST /api/auth/login, ${CONNECTIONS} connections x ${DURATION} s: ${s.rps.toFixed(1)} logins/s   p50 ${s.p50} ms   p99 ${s.p99} ms   (${s.total} logins${bad ? `, ${s.non2xx} non-2xx, ${s.errors} errors` : ''})`,
  );

  // The hash alone, in this process, for comparison: what argon2 costs without HTTP, DB and token signing.
  const hash = await argon2.hash('Demo-Portal-1', ARGON2_OPTIONS);
  const t0 = process.hrtime.bigint();
  let n = 0;
  while (process.hrtime.bigint() - t0 < 3_000_000_000n) {
    await Promise.all([argon2.verify(hash, 'Demo-Portal-1'), argon2.verify(hash, 'Demo-Portal-1')]);
    n += 2;
  }
  const verifyPerSec = n / (Number(process.hrtime.bigint() - t0) / 1e9);
  console.log(
    `login: argon2.verify alone (2 in parallel, 3 s, no HTTP): ${verifyPerSec.toFixed(1)} verifies/s`,
  );

  result(
    'login',
    `logins/s (${CONNECTIONS} conns, ${params})`,
    `${s.rps.toFixed(1)} (p99 ${s.p99} ms)${bad ? ` ${bad} failed` : ''}`,
    '-',
    'info',
  );
  result('login', 'argon2.verify/s alone (2 parallel)', verifyPerSec.toFixed(1), '-', 'info');
});
