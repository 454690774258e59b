#!/usr/bin/env node
// `npm start`: builds whatever has no build yet (Nx skips what is cached), then runs the gateway,
// which starts embedded PostgreSQL when DATABASE_URL is unset.
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..', '..');
const packages = [
  'libs/contracts',
  'libs/server-kit',
  'shell',
  'mfe-auth',
  'mfe-request-wizard',
  'mfe-records',
  'mfe-sharing',
  'mfe-viewer',
  'mfe-provider',
  'mfe-groups',
  'services/auth',
  'services/requests',
  'services/records',
  'services/sharing',
  'services/imaging',
  'services/provider',
  'services/groups',
  'services/billing',
  'services/gateway',
];
const missing = packages.filter((p) => !fs.existsSync(path.join(root, p, 'dist')));
if (missing.length) {
  console.log(`Building what is missing: ${missing.join(', ')}`);
  execSync('npx nx run-many -t build --parallel=2 --outputStyle=static', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
}
(async () => {
  // The demo's facility systems for the Smart FHIR page (when no SMART_FHIR_SOURCES are given).
  const { demoCustodianId } = require(path.join(root, 'services/requests/dist/demo/seed-demo.js'));
  const systems = await require('./demo-facility-systems.cjs').startDemoFacilitySystems(
    process.env,
    demoCustodianId,
  );
  // Payments (issue 30): the local processor unless a real one is configured.
  const payments = await require('./demo-payments.cjs').startDemoPaymentProcessor(process.env);
  const app = await require(path.join(root, 'services/gateway/dist/main.js')).startGateway();
  const stop = () => {
    setTimeout(() => process.exit(0), 10_000).unref();
    void Promise.all([app.close(), systems.close(), payments.close()]).finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
