#!/usr/bin/env node
// First load of /login in Chromium: every JS response until network idle and the sign-in button is
// visible; total JS raw and gzipped (level 9, as the gateway does not compress), the shell's entry,
// LCP, and the ten largest scripts. Targets: total <= 300 KB gz, shell entry <= 60 KB gz.
'use strict';
const zlib = require('node:zlib');
const {
  ensureChromium,
  envPort,
  kb,
  met,
  needTool,
  onCleanup,
  result,
  runBench,
  startGateway,
} = require('./lib.cjs');

const TARGET_TOTAL_GZ = 300 * 1024;
const TARGET_ENTRY_GZ = 60 * 1024;

runBench('first-load', async () => {
  const chromiumPath = needTool('first-load', 'Chromium', ensureChromium);
  const { url, startMs } = await startGateway('firstload', { port: await envPort('BENCH_FIRST_LOAD_PORT') });
  console.log(
    `first-load: gateway (embedded mode, fresh database) healthy after ${(startMs / 1000).toFixed(1)} s on ${url}`,
  );

  const { chromium } = require('@playwright/test');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  onCleanup(() => browser.close());
  const context = await browser.newContext();
  const page = await context.newPage();

  const scripts = [];
  const pending = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] || '';
    const isJs =
      res.request().resourceType() === 'script' ||
      /javascript/.test(type) ||
      /\.m?js(\?|$)/.test(new URL(res.url()).pathname);
    if (!isJs || res.status() >= 300) return;
    pending.push(
      (async () => {
        const body = await res.body();
        const sizes = await res
          .request()
          .sizes()
          .catch(() => ({ responseBodySize: body.length }));
        scripts.push({
          url: res.url(),
          path: new URL(res.url()).pathname,
          encoding: res.headers()['content-encoding'] || 'identity',
          raw: body.length,
          transferred: sizes.responseBodySize,
          gz: zlib.gzipSync(body, { level: 9 }).length,
        });
      })(),
    );
  });

  const t0 = Date.now();
  await page.goto(`${url}/login`, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.locator('[data-testid=login-submit]').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const readyMs = Date.now() - t0;
  await Promise.all(pending);

  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = null;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          if (entries.length) last = entries[entries.length - 1];
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(
          () =>
            resolve(
              last
                ? {
                    ms: last.startTime,
                    element: last.element
                      ? last.element.tagName +
                        (last.element.getAttribute('data-testid')
                          ? `[data-testid=${last.element.getAttribute('data-testid')}]`
                          : '')
                      : null,
                    size: last.size,
                  }
                : null,
            ),
          300,
        );
      }),
  );
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    return n ? { domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd } : null;
  });

  const total = scripts.reduce(
    (a, s) => ({ raw: a.raw + s.raw, gz: a.gz + s.gz, transferred: a.transferred + s.transferred }),
    { raw: 0, gz: 0, transferred: 0 },
  );
  const entry = scripts.find((s) => /^\/main\.[0-9a-f]+\.js$/.test(s.path));
  const compressed = scripts.filter((s) => s.encoding !== 'identity').length;

  console.log(
    `first-load: /login ready (form visible, network idle) in ${readyMs} ms; ${scripts.length} JS files; ${compressed} served compressed`,
  );
  console.log(
    `  total JS        raw ${kb(total.raw)}   transferred ${kb(total.transferred)}   gzip-9 ${kb(total.gz)}   target <= 300 KB gz   ${met(total.gz <= TARGET_TOTAL_GZ)}`,
  );
  if (entry)
    console.log(
      `  shell entry     ${entry.path}  raw ${kb(entry.raw)}   gzip-9 ${kb(entry.gz)}   target <= 60 KB gz   ${met(entry.gz <= TARGET_ENTRY_GZ)}`,
    );
  else console.log('  shell entry     main.*.js from / not seen   MISSED');
  console.log(
    `  LCP             ${lcp ? `${lcp.ms.toFixed(0)} ms (${lcp.element ?? 'element gone'}, ${lcp.size} px²)` : 'no entry'}`,
  );
  if (nav)
    console.log(
      `  navigation      DOMContentLoaded ${nav.domContentLoaded.toFixed(0)} ms, load ${nav.load.toFixed(0)} ms`,
    );
  console.log('  top 10 JS files by gzip-9 size:');
  for (const s of [...scripts].sort((a, b) => b.gz - a.gz).slice(0, 10)) {
    console.log(`    ${kb(s.gz).padStart(9)} gz  ${kb(s.raw).padStart(9)} raw  ${s.path}`);
  }

  result('first-load', 'total JS (gzip-9)', kb(total.gz), '<= 300 KB', met(total.gz <= TARGET_TOTAL_GZ));
  result('first-load', 'total JS (raw, as served)', kb(total.raw), '-', 'info');
  result(
    'first-load',
    'shell entry main.*.js (gzip-9)',
    entry ? kb(entry.gz) : 'n/a',
    '<= 60 KB',
    met(!!entry && entry.gz <= TARGET_ENTRY_GZ),
  );
  result('first-load', 'LCP /login', lcp ? `${lcp.ms.toFixed(0)} ms` : 'n/a', '-', 'info');
});
