// Stops the embedded PostgreSQL that global-setup.mjs started (none when DATABASE_URL was given), so
// Jest can exit once the integration tests are done.
import { createRequire } from 'node:module';

export default async function globalTeardown() {
  const require = createRequire(import.meta.url);
  await require('../dist/index.js').stopEmbedded();
}
