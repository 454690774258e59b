#!/usr/bin/env node
// Support staff: mint a single-use, 5-minute "login as user" link straight in the portal's database
// (decision 0010), audited with the reason exactly as the operator endpoint does it.
//   node services/auth/bin/login-as.cjs <email> "<reason>"
// Database: DATABASE_URL, else the embedded PostgreSQL that `npm start` runs. Link base: PUBLIC_URL.
// Prints only the link on stdout.
'use strict';
const { execSync } = require('node:child_process');
const path = require('node:path');

const [email, reason] = process.argv.slice(2);
if (!email || !reason || !reason.trim()) {
  console.error('usage: node services/auth/bin/login-as.cjs <email> "<reason>"');
  process.exit(2);
}

const root = path.resolve(__dirname, '..', '..', '..');
const load = () =>
  require(path.join(__dirname, '..', 'dist', 'login-as', 'issue-login-as-link', 'mint-login-as-link.js'));
let mintLoginAsLink;
try {
  ({ mintLoginAsLink } = load());
} catch (e) {
  if (e.code !== 'MODULE_NOT_FOUND') throw e;
  // Same code as the endpoint: build it (and what it needs) once, then load it.
  execSync('npx nx run @portal/auth-service:build --outputStyle=static', {
    cwd: root,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  ({ mintLoginAsLink } = load());
}
const { loadConfig } = require('@portal/server-kit');
const { Client } = require('pg');

const main = async () => {
  const config = loadConfig();
  // The embedded server's address as server-kit's resolveDatabaseUrl makes it; never started from here.
  const url = config.databaseUrl ?? `postgres://portal:portal@127.0.0.1:${config.embeddedPgPort}/postgres`;
  const client = new Client({ connectionString: url });
  await client.connect().catch((e) => {
    throw new Error(
      `cannot reach the portal's database (${e.message}); start the portal or set DATABASE_URL`,
    );
  });
  const tx = { query: async (sql, params) => (await client.query(sql, params)).rows };
  try {
    await client.query('BEGIN');
    const link = await mintLoginAsLink(tx, config.publicUrl, { email, reason: reason.trim(), via: 'cli' });
    await client.query('COMMIT');
    console.log(link);
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    await client.end();
  }
};

main().catch((e) => {
  console.error(`login-as failed: ${e.message}`);
  process.exit(1);
});
