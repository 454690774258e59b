'use strict';
const { login, onCleanup, runBench, startGateway } = require('./lib.cjs');
const fs = require('fs');
runBench(
  'diag',
  async () => {
    const { url } = await startGateway('viewer', {
      env: {
        SEED_DEMO: 'true',
        DEMO_CT_SLICES: '300',
        RATE_LIMIT_PER_MINUTE: '100000000',
        RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000',
        RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000',
      },
    });
    await login(url);
    const { chromium } = require('@playwright/test');
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    onCleanup(() => browser.close());
    const signed = async () => {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByTestId('login-email').fill('patient@example.com');
      await page.getByTestId('login-password').fill('Demo-Portal-1');
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/all-requests$/);
      return { context, page };
    };
    let { context, page } = await signed();
    await page
      .locator('[data-testid="study-card"]')
      .filter({ hasText: 'CT CHEST ABDOMEN PHANTOM' })
      .first()
      .click();
    await page.getByTestId('record-title').waitFor();
    const recordUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    // wait for CT fully seeded
    await new Promise((r) => setTimeout(r, 25000));
    await context.close();
    for (let run = 0; run < Number(process.env.RUNS || 4); run++) {
      ({ context, page } = await signed());
      const cdp = await context.newCDPSession(page);
      await page.goto(recordUrl);
      const imaging = page.getByTestId('tab-imaging');
      await imaging.waitFor();
      if ((await imaging.getAttribute('aria-selected')) === 'true') {
        await page
          .locator('[role="tab"][data-testid^="tab-"]:not([data-testid="tab-imaging"])')
          .first()
          .click();
        await page.getByTestId('imaging-viewer').waitFor({ state: 'detached' });
      }
      await new Promise((r) => setTimeout(r, Number(process.env.PAUSE || 0)));
      if (process.env.PROFILE && run === 1) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.evaluate(() => {
        performance.clearMarks();
        window.__t0 = performance.now();
        document.querySelector('[data-testid="tab-imaging"]').click();
      });
      await page.waitForFunction(() => performance.getEntriesByName('viewer:all-loaded').length, null, {
        timeout: 60000,
        polling: 20,
      });
      if (process.env.PROFILE && run === 1) {
        const { profile } = await cdp.send('Profiler.stop');
        fs.writeFileSync('/tmp/diag/run.cpuprofile', JSON.stringify(profile));
      }
      const out = await page.evaluate(() => {
        const t0 = window.__t0;
        const nav = `click@${t0.toFixed(0)} after nav`;
        const marks = [
          nav,
          ...performance.getEntriesByType('mark').map((m) => `${m.name}@${(m.startTime - t0).toFixed(0)}`),
        ];
        const res = performance
          .getEntriesByType('resource')
          .filter((e) => e.responseEnd >= t0 - 3000)
          .map(
            (e) =>
              `${(e.startTime - t0).toFixed(0)}..${(e.responseStart - t0).toFixed(0)}..${(e.responseEnd - t0).toFixed(0)} ${e.name.replace(location.origin, '').slice(0, 110)}`,
          );
        return { marks, res };
      });
      console.log(`--- run ${run}`, out.marks.join(' '));
      for (const r of out.res) console.log('   ', r);
      await context.close();
    }
  },
  { timeoutMs: 600000 },
);
