#!/usr/bin/env node
// My Records in Chromium for a patient with 10,000 studies in a 1,000,000-row library (bench/library-data.cjs),
// embedded gateway on a fresh database, the built remotes.
//   (a) time until the first rows show: a full load of /patient/my-records/all-requests, signed in (shell,
//       remote, loadGrid, checkData, first chunk), from the navigation's start until the first record is in
//       the page, cards and grid view, 5 runs each: median. Target < 1500 ms.
//   (b) scrolling the grid: 200 rows a page, the window scrolled top to bottom in wheel steps on five pages
//       (next page between them), while a PerformanceObserver records long tasks: the longest. Target: no
//       long task over 200 ms.
'use strict';
const { Client } = require('pg');
const {
  ensureChromium,
  envPort,
  freshDatabase,
  met,
  needTool,
  onCleanup,
  result,
  runBench,
  startGateway,
} = require('./lib.cjs');
const { seedLibrary } = require('./library-data.cjs');

const RUNS = Number(process.env.BENCH_PAGE_RUNS || 5);
const PATIENT_STUDIES = 10_000;
const PASSWORD = 'Bench-Page-1';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

runBench(
  'records-page',
  async () => {
    const chromiumPath = needTool('records-page', 'Chromium', ensureChromium);
    const databaseUrl = await freshDatabase('page');
    const { url } = await startGateway('page', {
      port: await envPort('BENCH_RECORDS_PAGE_PORT'),
      databaseUrl,
      env: {
        SEED_DEMO: 'false',
        RATE_LIMIT_PER_MINUTE: '100000000',
        RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000',
        RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000',
      },
    });
    const email = `page-bench-${Date.now()}@example.com`;
    const reg = await fetch(`${url}/api/auth/registerAccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const account = await reg.json();
    if (!account.token) throw new Error(`registerAccount: HTTP ${reg.status} ${JSON.stringify(account)}`);
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    await seedLibrary(db, {
      userId: account.user.userId,
      personId: account.user.personId,
      patientStudies: PATIENT_STUDIES,
      label: 'records-page',
    });
    await db.end();

    const { chromium } = require('@playwright/test');
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    onCleanup(() => browser.close());
    const page = await (
      await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } })
    ).newPage();
    // Long tasks from the first script on, kept on window for the scroll measurement.
    await page.addInitScript(() => {
      // When the first record appears, from the navigation's start (the document's time origin).
      new MutationObserver((_m, observer) => {
        if (document.querySelector('[data-testid="study-card"], [data-testid="record-row"]')) {
          window.__firstRow = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
      window.__longTasks = [];
      new PerformanceObserver((list) =>
        window.__longTasks.push(...list.getEntries().map((e) => e.duration)),
      ).observe({ type: 'longtask', buffered: true });
    });
    await page.goto('/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/patient\/my-records\/all-requests$/);
    await page.getByTestId('study-card').first().waitFor();

    /**
     * From the navigation's start to the first record of `selector` in the page (measured in the page);
     * `wall` also counts the previous page's unload as Playwright sees it.
     */
    const wall = [];
    const firstRows = async (path, selector) => {
      const started = Date.now();
      await page.goto(path);
      await page.locator(selector).first().waitFor({ state: 'visible' });
      wall.push(Date.now() - started);
      const ms = Math.round(await page.evaluate(() => window.__firstRow));
      await page.getByTestId('records-loading').waitFor({ state: 'detached', timeout: 30_000 });
      return ms;
    };
    const cards = [];
    const grid = [];
    for (let i = 0; i < RUNS; i++) {
      cards.push(await firstRows('/patient/my-records/all-requests', '[data-testid="study-card"]'));
      grid.push(await firstRows('/patient/my-records/all-requests?grid=true', '[data-testid="record-row"]'));
    }
    console.log(
      `records-page: the same loads timed from Playwright's goto (the previous page's unload included): median ${median(wall)} ms (${wall.join(', ')})`,
    );
    // Where the last load's time went: the grid calls, from the navigation's start.
    const calls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /myRecords\/(loadGrid|checkData|fetchData)/.test(e.name))
        .slice(0, 4)
        .map(
          (e) =>
            `${e.name.split('/').pop().split('?')[0]} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)} ms`,
        ),
    );
    console.log(`records-page: last grid load, from navigation start: ${calls.join(', ')}`);
    const header = await page.getByTestId('all-studies-header').textContent();
    if (header !== `All Studies (${PATIENT_STUDIES})`)
      throw new Error(`the page shows '${header}', expected All Studies (${PATIENT_STUDIES})`);
    console.log(
      `records-page: first rows shown, ${RUNS} full loads each: cards median ${median(cards)} ms (${cards.join(', ')}), grid median ${median(grid)} ms (${grid.join(', ')})`,
    );

    // Scrolling the grid: 200 rows a page, five pages, each scrolled top to bottom.
    await page.getByRole('combobox', { name: /rows per page/i }).click();
    await page.getByRole('option', { name: '200' }).click();
    await page.getByTestId('record-row').nth(199).waitFor({ state: 'attached' });
    await page.evaluate(() => (window.__longTasks = []));
    for (let p = 0; p < 5; p++) {
      for (let y = 0; y < 40; y++) {
        await page.mouse.wheel(0, 400);
        await page.waitForTimeout(16); // one frame between wheel steps, as a hand scrolls
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      if (p < 4) await page.getByRole('button', { name: /next page/i }).click();
    }
    const longTasks = await page.evaluate(() => window.__longTasks);
    const longest = longTasks.length ? Math.max(...longTasks) : 0;
    console.log(
      `records-page: scrolling 5 grid pages of 200 rows: ${longTasks.length} long tasks, the longest ${longest.toFixed(0)} ms`,
    );
    console.log(
      `records-page: target first rows < 1500 ms: cards ${met(median(cards) < 1500)}, grid ${met(median(grid) < 1500)}; no long task over 200 ms while scrolling: ${met(longest <= 200)}`,
    );

    result(
      'records-page',
      `first rows, cards view (10,000 studies), median of ${RUNS}`,
      `${median(cards)} ms`,
      '< 1500 ms',
      met(median(cards) < 1500),
    );
    result(
      'records-page',
      `first rows, grid view, median of ${RUNS}`,
      `${median(grid)} ms`,
      '< 1500 ms',
      met(median(grid) < 1500),
    );
    result(
      'records-page',
      'longest task while scrolling the grid',
      `${longest.toFixed(0)} ms`,
      '<= 200 ms',
      met(longest <= 200),
    );
  },
  { timeoutMs: 600_000 },
);
