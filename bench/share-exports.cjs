#!/usr/bin/env node
// The ISO and the zip of the demo patient's generated CT (300 slices of 512 x 512, about 157 MB of DICOM),
// each read to its end over HTTP: MB/s (median of RUNS, target >= 200 MB/s) and the gateway's peak
// resident memory above idle while they stream (target < 100 MB), sampled from /proc every 10 ms. Both are
// written by the gateway's own process (the ISO 9660 image and its DICOMDIR in our code, no child tool).
//
// The download identifier is the 'download' grant sharing issues (GET generateIdentifierForISO); the bench
// signs the same grant with the gateway's VIEWER_TOKEN_SECRET, as bench/download-all.cjs does.
'use strict';
const fs = require('node:fs');
const { IMAGING_API } = require('@portal/contracts');
const { ViewerTokens } = require('@portal/server-kit');
const { envPort, login, met, result, runBench, startGateway, tempDir } = require('./lib.cjs');
const { mbPerSecond, percentile } = require('./imaging-lib.cjs');

const SLICES = Number(process.env.BENCH_CT_SLICES || 300);
const RUNS = 3;
const TARGET_MBS = 200;
const TARGET_PEAK_MB = 100;
const SECRET = `bench-exports-${Date.now()}`;

/** Resident memory (MB) of a process, or 0 once it is gone. */
const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return 0;
  }
};
/** Reads one download to its end while sampling the gateway's memory; a refusal names its cause (answer and gateway log). */
const download = async (url, gateway) => {
  const pid = gateway.child.pid;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const t0 = performance.now();
  const res = await fetch(url);
  if (res.status !== 200) {
    clearInterval(sampler);
    const answer = (await res.text()).slice(0, 300);
    const log = gateway.lines.filter((l) => /"level":(40|50|60)/.test(l)).slice(-10);
    throw new Error(
      `${url.split('?')[0]}: HTTP ${res.status} ${answer}\ngateway warnings and errors:\n${log.join('\n') || '(none)'}`,
    );
  }
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const ms = performance.now() - t0;
  clearInterval(sampler);
  return { ms, bytes, peak };
};

runBench(
  'share-exports',
  async () => {
    const dataDir = tempDir('exports');
    const { url, proc, startMs } = await startGateway('exports', {
      port: await envPort('BENCH_EXPORTS_PORT'),
      env: {
        SEED_DEMO: 'true',
        DEMO_CT_SLICES: String(SLICES),
        VIEWER_TOKEN_SECRET: SECRET,
        PORTAL_DATA_DIR: dataDir,
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    });
    console.log(
      `  gateway healthy in ${(startMs / 1000).toFixed(1)} s (demo seed with the ${SLICES}-slice CT)`,
    );
    const { user } = await login(url);
    const { generatedCtUids } = require('../services/imaging/dist/demo/generated-ct.js');
    const tokens = new ViewerTokens({ dataDir, viewerTokenSecret: SECRET });
    const token = await tokens.sign(
      { sub: user.userId, owner: user.userId, studies: [generatedCtUids().study], purpose: 'download' },
      600,
    );
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(proc.child.pid);
    const kinds = {
      iso: `${url}${IMAGING_API.fetchDownloadISO}?identifier=${encodeURIComponent(token)}`,
      zip: `${url}${IMAGING_API.archive(token)}`,
    };
    for (const [kind, target] of Object.entries(kinds)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await download(target, proc));
      const rates = runs.map((r) => mbPerSecond(r.bytes, r.ms));
      const median = percentile(rates, 50);
      const above = Math.max(...runs.map((r) => r.peak)) - idle;
      console.log(
        `share-exports: ${kind} of ${SLICES} slices, ${(runs[0].bytes / 1e6).toFixed(1)} MB, median of ${RUNS}: ${median.toFixed(0)} MB/s (runs ${rates.map((r) => r.toFixed(0)).join(', ')})   target >= ${TARGET_MBS} MB/s   ${met(median >= TARGET_MBS)}`,
      );
      console.log(
        `share-exports: ${kind} gateway peak RSS ${above.toFixed(0)} MB above idle (${idle.toFixed(0)} MB)   target < ${TARGET_PEAK_MB} MB   ${met(above < TARGET_PEAK_MB)}`,
      );
      result(
        `share-${kind}`,
        `${kind.toUpperCase()} of the ${SLICES}-slice CT (${(runs[0].bytes / 1e6).toFixed(0)} MB)`,
        `${median.toFixed(0)} MB/s`,
        `>= ${TARGET_MBS} MB/s`,
        met(median >= TARGET_MBS),
      );
      result(
        `share-${kind}-memory`,
        `${kind.toUpperCase()} streaming: gateway peak RSS above idle`,
        `${above.toFixed(0)} MB`,
        `< ${TARGET_PEAK_MB} MB`,
        met(above < TARGET_PEAK_MB),
      );
    }
  },
  { timeoutMs: 400_000 },
);
