#!/usr/bin/env node
// `npm run bench`: runs every benchmark in sequence (each its own process, each bounded), shows their
// figures as they print them, then one summary table of figures next to targets. A missed target is
// reported as MISSED and never fails the run; only a benchmark that could not run exits non-zero.
'use strict';
const { spawn } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');

const BENCHES = [
  'first-load',
  'gateway-read',
  'gateway-hop',
  'start-time',
  'login',
  'faults',
  'facility-search',
  'submit-request',
  'data-requests',
  'groups-worklist-logs',
  'provider-upload',
  'records-grid',
  'records-page',
  'wbs-report',
  'imaging-vs-orthanc',
  'download-all',
  'smart-fhir',
  'fhir',
  'viewer-first-image',
  'share-exports',
  'hostile-input',
];
const only = process.argv.slice(2);
const LIMIT_MS = 300_000;

const runOne = (name) =>
  new Promise((resolve) => {
    const rows = [];
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(__dirname, `${name}.cjs`)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), LIMIT_MS); // the bench cleans up on SIGTERM
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (line.startsWith('BENCH_RESULT ')) rows.push(JSON.parse(line.slice('BENCH_RESULT '.length)));
        else process.stdout.write(line + '\n');
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ name, code: code ?? signal, rows, seconds: (Date.now() - started) / 1000 });
    });
  });

(async () => {
  const cpus = os.cpus();
  console.log(
    `bench: node ${process.version}, ${cpus.length} cores (${cpus[0]?.model ?? '?'}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const results = [];
  for (const name of BENCHES.filter((b) => !only.length || only.includes(b))) {
    console.log(`\n=== ${name} ===`);
    results.push(await runOne(name));
  }
  const table = [];
  for (const r of results) {
    if (r.code !== 0)
      table.push({
        bench: r.name,
        metric: `(did not complete: exit ${r.code})`,
        value: '-',
        target: '-',
        status: 'ERROR',
      });
    table.push(...r.rows);
  }
  const cols = ['bench', 'metric', 'value', 'target', 'status'];
  const width = Object.fromEntries(
    cols.map((c) => [c, Math.max(c.length, ...table.map((row) => String(row[c]).length))]),
  );
  const line = (row) => cols.map((c) => String(row[c]).padEnd(width[c])).join('  ');
  console.log(
    `\n=== summary (load average now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}) ===`,
  );
  console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
  console.log(cols.map((c) => '-'.repeat(width[c])).join('  '));
  for (const row of table) console.log(line(row));
  const missed = table.filter((r) => r.status === 'MISSED').length;
  const metCount = table.filter((r) => r.status === 'MET').length;
  console.log(
    `\n${metCount} targets met, ${missed} missed${results.some((r) => r.code !== 0) ? `, ${results.filter((r) => r.code !== 0).length} benchmark(s) did not complete` : ''} (${results.map((r) => `${r.name} ${r.seconds.toFixed(0)} s`).join(', ')})`,
  );
  process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
})();
