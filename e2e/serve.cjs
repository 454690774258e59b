#!/usr/bin/env node
// Starts one e2e portal (see servers.cjs) on the built tree, on a database of its own:
// a fresh database on DATABASE_URL's server when given, else a fresh embedded PostgreSQL.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const servers = require('./servers.cjs');

const root = path.resolve(__dirname, '..');
const serverName = process.argv[2];
const server = servers[serverName];
if (!server) throw new Error(`unknown e2e server ${serverName}`);

const freshDatabase = async () => {
  if (!process.env.DATABASE_URL) {
    const dir = path.join(root, '.data', `e2e-${serverName}`);
    fs.rmSync(dir, { recursive: true, force: true });
    return { PORTAL_DATA_DIR: dir, EMBEDDED_PG_PORT: String(54350 + server.index) };
  }
  const { Client } = require('pg');
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const db = `portal_e2e_${serverName}`;
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${db}`;
  return { DATABASE_URL: url.toString(), PORTAL_DATA_DIR: path.join(root, '.data', `e2e-${serverName}`) };
};

/** Rebuilds a remote with extra build settings into its own folder and serves it from its own origin. */
const serveRebuiltRemote = ({ remote, port, env }) => {
  const out = path.join(root, '.data', `e2e-${remote}-${port}`);
  fs.rmSync(out, { recursive: true, force: true });
  execFileSync('npx', ['webpack', '--mode', 'production'], {
    cwd: path.join(root, remote),
    stdio: 'inherit',
    env: { ...process.env, ...env, PORTAL_OUTPUT_PATH: out },
  });
  const types = { '.js': 'application/javascript', '.json': 'application/json', '.css': 'text/css' };
  http
    .createServer((req, res) => {
      const file = path.join(out, decodeURIComponent(new URL(req.url, 'http://x').pathname));
      if (!file.startsWith(out) || !fs.existsSync(file) || fs.statSync(file).isDirectory())
        return res.writeHead(404).end();
      res.writeHead(200, {
        'content-type': types[path.extname(file)] || 'application/octet-stream',
        'access-control-allow-origin': '*',
      });
      fs.createReadStream(file).pipe(res);
    })
    .listen(port, '127.0.0.1');
};

(async () => {
  Object.assign(process.env, await freshDatabase(), server.env, {
    PORT: String(server.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${server.port}`,
    SMTP_CAPTURE_PORT: process.env.E2E_SMTP_PORT || String(2600 + server.index),
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    NODE_ENV: 'test',
    // The journeys sign the demo users in many times a minute; the limit itself is tested in integration.
    RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000',
    // Login as user is for operators; the journey mints its link with this key.
    SUPPORT_API_KEY: 'e2e-support-key',
  });
  delete process.env.NATS_URL;
  for (const remote of server.remotes ?? []) serveRebuiltRemote(remote);
  // Smart FHIR (issue 28): the main portal gets the demo facility systems (the tests install Orthanc).
  const { demoCustodianId } = require(path.join(root, 'services/requests/dist/demo/seed-demo.js'));
  const systems =
    serverName === 'main'
      ? await require(
          path.join(root, 'services/gateway/bin/demo-facility-systems.cjs'),
        ).startDemoFacilitySystems(process.env, demoCustodianId)
      : { close: async () => undefined };
  // Payments (issue 30): each portal its local processor on a known port, so a journey can move its clocks.
  process.env.LOCAL_STRIPE_PORT = String(server.paymentsPort);
  // A fresh database: a fresh processor too.
  fs.rmSync(path.join(process.env.PORTAL_DATA_DIR, 'local-stripe'), { recursive: true, force: true });
  const payments = await require(
    path.join(root, 'services/gateway/bin/demo-payments.cjs'),
  ).startDemoPaymentProcessor(process.env);
  const app = await require(path.join(root, 'services/gateway/dist/main.js')).startGateway();
  const stop = () =>
    Promise.all([app.close(), systems.close(), payments.close()]).finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
