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
require(path.join(root, 'services/gateway/dist/main.js'))
  .startGateway()
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
