#!/usr/bin/env node
// Download All of the demo patient's generated CT (300 slices of 512 x 512, about 157 MB of DICOM) as
// a zip streamed by GET IMAGING_API.archive(token): MB/s of the zip read to its end, median of RUNS.
// Target >= 200 MB/s on loopback.
//
// The download token: the public page gets one from POST SHARING_API.downloadViewerStudies(link) after
// the link's password; that hop is a few milliseconds of sharing work and is rate limited per link, so
// the bench signs the same 'download' grant itself with ViewerTokens from the built server-kit and the
// gateway's VIEWER_TOKEN_SECRET. The archive route verifies it exactly as it verifies sharing's.
'use strict';
const { IMAGING_API } = require('@portal/contracts');
const { ViewerTokens } = require('@portal/server-kit');
const { envPort, login, met, result, runBench, startGateway, tempDir } = require('./lib.cjs');
const { mbPerSecond, percentile } = require('./imaging-lib.cjs');

const SLICES = Number(process.env.BENCH_CT_SLICES || 300);
const RUNS = 5;
const TARGET_MBS = 200;
const SECRET = `bench-download-${Date.now()}`;

/** Reads the whole answer as it streams; bytes and the first four (a zip starts with PK\3\4). */
const readZip = async (url) => {
  const t0 = performance.now();
  const res = await fetch(url);
  // The answer's code only: a 404's message repeats the path, which holds the token.
  if (res.status !== 200)
    throw new Error(`archive: HTTP ${res.status} ${(await res.text()).match(/"code":"[^"]*"/)?.[0] ?? ''}`);
  let bytes = 0;
  let head;
  for await (const chunk of res.body) {
    head ??= Buffer.from(chunk.subarray(0, 4));
    bytes += chunk.length;
  }
  return { ms: performance.now() - t0, bytes, head, type: res.headers.get('content-type') };
};

runBench(
  'download-all',
  async () => {
    const dataDir = tempDir('download');
    const { url, startMs } = await startGateway('download', {
      port: await envPort('BENCH_DOWNLOAD_PORT'),
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
    const study = generatedCtUids().study;
    const tokens = new ViewerTokens({ dataDir, viewerTokenSecret: SECRET });
    const token = await tokens.sign(
      { sub: user.userId, owner: user.userId, studies: [study], purpose: 'download' },
      600,
    );
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await readZip(`${url}${IMAGING_API.archive(token)}`);
      if (!run.head?.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
        throw new Error(`the archive is not a zip (${run.type}, starts ${run.head?.toString('hex')})`);
      if (run.bytes < SLICES * 512 * 512 * 2)
        throw new Error(`the zip holds ${run.bytes} bytes, less than the series' pixel data`);
      runs.push(run);
    }
    const rates = runs.map((r) => mbPerSecond(r.bytes, r.ms));
    const median = percentile(rates, 50);
    console.log(
      `download-all: zip of ${SLICES} slices, ${(runs[0].bytes / 1e6).toFixed(1)} MB, median of ${RUNS}: ${median.toFixed(0)} MB/s (runs ${rates.map((r) => r.toFixed(0)).join(', ')})   target >= ${TARGET_MBS} MB/s   ${met(median >= TARGET_MBS)}`,
    );
    result(
      'download-all',
      `Download All zip, ${SLICES}-slice CT (${(runs[0].bytes / 1e6).toFixed(0)} MB)`,
      `${median.toFixed(0)} MB/s`,
      `>= ${TARGET_MBS} MB/s`,
      met(median >= TARGET_MBS),
    );
  },
  { timeoutMs: 280_000 },
);
