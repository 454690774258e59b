// Helpers of the imaging benchmarks: the generated CT series (from the built imaging service), STOW-RS
// bodies, requests at a fixed concurrency, and the statistics they print.
'use strict';
const { randomBytes } = require('node:crypto');
const path = require('node:path');
const { root } = require('./lib.cjs');

const FRAME_ACCEPT = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';

/** The generated CT (services/imaging/src/demo/generated-ct.ts, built by `npm run build:server`). */
const generatedCtSeries = (slices, label = 'demo') => {
  let mod;
  try {
    mod = require(path.join(root, 'services/imaging/dist/demo/generated-ct.js'));
  } catch (err) {
    throw new Error(`the built imaging service is missing (run npm run build:server): ${err.message}`);
  }
  const uids = mod.generatedCtUids(label);
  const files = [...mod.generatedCt({ slices, label })];
  return {
    study: uids.study,
    series: uids.series,
    instances: files.map((_, i) => uids.instance(i)),
    files,
    bytes: files.reduce((n, f) => n + f.length, 0),
  };
};

/** One STOW-RS request body (PS3.18 10.5): a multipart/related of application/dicom parts. */
const stowBody = (files) => {
  const boundary = `bench-${randomBytes(8).toString('hex')}`;
  const parts = [];
  for (const f of files)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`),
      f,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    contentType: `multipart/related; type="application/dicom"; boundary=${boundary}`,
  };
};

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once; resolves with their results in order. */
const pooled = async (count, concurrency, task) => {
  const out = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return out;
};

/** The body of a 200 answer, or an error that names the call and shows the start of the answer. */
const okBytes = async (res, what) => {
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200)
    throw new Error(`${what}: HTTP ${res.status} ${body.subarray(0, 300).toString('utf8')}`);
  return body;
};

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

const mbPerSecond = (bytes, ms) => bytes / 1e6 / (ms / 1000);

module.exports = { FRAME_ACCEPT, generatedCtSeries, stowBody, pooled, okBytes, percentile, mbPerSecond };
