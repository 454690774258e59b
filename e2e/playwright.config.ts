import { defineConfig } from '@playwright/test';
const servers = require('./servers.cjs') as Record<string, { port: number }>;

/** Journeys in Debian's Chromium against real gateways (each on its own fresh database). */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${servers.main.port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // E2E_SERVERS=main (comma list) starts only those portals, for running one journey file while working;
  // E2E_SERVERS=none uses a portal already running (node e2e/serve.cjs main), e.g. while rebuilding one remote.
  // E2E_SHOTS=<dir> makes the wizard journeys keep a screenshot of every step (pages/wizard.page.ts).
  webServer: Object.entries(servers)
    .filter(([name]) => !process.env.E2E_SERVERS || process.env.E2E_SERVERS.split(',').includes(name))
    .map(([name, s]) => ({
      command: `node e2e/serve.cjs ${name}`,
      cwd: '..',
      url: `http://localhost:${s.port}/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    })),
});
