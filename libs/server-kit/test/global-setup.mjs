// Integration tests need a PostgreSQL server: DATABASE_URL when given, else the embedded one, started
// here once for every test file, in plain Node. Runs on the built server-kit: `npm test` builds before
// the integration tests.
import { createRequire } from 'node:module';

export default async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  const require = createRequire(import.meta.url);
  const { loadConfig, resolveDatabaseUrl } = require('../dist/index.js');
  process.env.DATABASE_URL = await resolveDatabaseUrl(loadConfig());
}
