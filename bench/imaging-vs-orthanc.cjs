#!/usr/bin/env node
// Our DICOMweb against Debian's Orthanc + DICOMweb plugin, in one run on loopback, with the same
// generated CT (300 slices of 512 x 512, 16-bit, about 157 MB) loaded into both:
//   STOW-RS ingest: instances/s (the same multipart bodies of STOW_BATCH instances, STOW_CONCURRENCY at once),
//     after one warm-up request of another study;
//   WADO-RS frames: MB/s fetching every frame of the series at 6 and at 20 concurrent requests
//     (Accept multipart/related; type="application/octet-stream"; transfer-syntax=*), after one warm-up pass;
//   series metadata: median and p95 of METADATA_CALLS sequential calls, after one warm-up call.
// Ours is the embedded gateway on a fresh database, as the demo patient (bearer). Target: ours at least
// Orthanc's on every figure: the printed ratio (ours over Orthanc for rates, Orthanc over ours for times,
// so above 1.0 always means ours is better) >= 1.0.
'use strict';
const { envPort, login, met, needTool, result, runBench, startGateway } = require('./lib.cjs');
const {
  FRAME_ACCEPT,
  generatedCtSeries,
  mbPerSecond,
  okBytes,
  percentile,
  pooled,
  stowBody,
} = require('./imaging-lib.cjs');
const { ensureOrthanc, orthancVersion, startOrthanc } = require('./orthanc.cjs');

const SLICES = Number(process.env.BENCH_CT_SLICES || 300);
const STOW_BATCH = 10;
const STOW_CONCURRENCY = 4;
const FRAME_CONCURRENCY = [6, 20];
const METADATA_CALLS = 20;

/**
 * STOW-RS of every file; instances per second. After one warm-up request of another study (as the
 * other figures time a warm server): a server's first store starts what it stores with (our DICOM
 * index thread, Orthanc's plugins are loaded at its start).
 */
const stow = async (side, ct, warmUp) => {
  const post = async (body, what) => {
    const res = await fetch(`${side.root}/studies`, {
      method: 'POST',
      headers: { ...side.headers, 'content-type': body.contentType, accept: 'application/dicom+json' },
      body: body.body,
    });
    const answer = JSON.parse((await okBytes(res, `${side.name} STOW-RS ${what}`)).toString('utf8'));
    // A 200 can still list instances the server did not store (Failed SOP Sequence, PS3.18 10.5.3):
    // they would count as stored in the rate, and the later figures would read an incomplete series.
    const failed = answer?.['00081198']?.Value ?? [];
    if (failed.length)
      throw new Error(
        `${side.name} STOW-RS ${what}: ${failed.length} instances not stored (failure reason ${failed[0]['00081197']?.Value?.[0]})`,
      );
  };
  await post(stowBody(warmUp.files), 'warm-up');
  const batches = [];
  for (let i = 0; i < ct.files.length; i += STOW_BATCH)
    batches.push(stowBody(ct.files.slice(i, i + STOW_BATCH)));
  const t0 = performance.now();
  await pooled(batches.length, STOW_CONCURRENCY, (i) => post(batches[i], `batch ${i}`));
  return ct.files.length / ((performance.now() - t0) / 1000);
};

/** Every frame of the series at `concurrency`; MB/s of answer bodies. */
const frameRate = async (side, ct, concurrency) => {
  const t0 = performance.now();
  const sizes = await pooled(ct.instances.length, concurrency, async (i) => {
    const res = await fetch(
      `${side.root}/studies/${ct.study}/series/${ct.series}/instances/${ct.instances[i]}/frames/1`,
      { headers: { ...side.headers, accept: FRAME_ACCEPT } },
    );
    const body = await okBytes(res, `${side.name} frame of instance ${i}`);
    // A frame of 512 x 512 x 2 bytes, in its multipart envelope: a smaller answer is not the frame.
    if (body.length < 512 * 512 * 2)
      throw new Error(`${side.name}: frame of instance ${i} is only ${body.length} bytes`);
    return body.length;
  });
  return mbPerSecond(
    sizes.reduce((a, b) => a + b, 0),
    performance.now() - t0,
  );
};

/** Series metadata, sequential calls after a warm-up: { median, p95 } in ms. */
const metadata = async (side, ct) => {
  const call = async () => {
    const t0 = performance.now();
    const res = await fetch(`${side.root}/studies/${ct.study}/series/${ct.series}/metadata`, {
      headers: { ...side.headers, accept: 'application/dicom+json' },
    });
    const body = JSON.parse((await okBytes(res, `${side.name} series metadata`)).toString('utf8'));
    if (!Array.isArray(body) || body.length !== ct.instances.length)
      throw new Error(
        `${side.name}: series metadata lists ${body.length} instances, not ${ct.instances.length}`,
      );
    return performance.now() - t0;
  };
  await call();
  const times = [];
  for (let i = 0; i < METADATA_CALLS; i++) times.push(await call());
  return { median: percentile(times, 50), p95: percentile(times, 95) };
};

/** Every figure of one side; a figure that fails is kept as its error, so the other side still runs. */
const measure = async (side, ct, warmUp) => {
  const attempt = async (fn) => {
    try {
      return { value: await fn() };
    } catch (err) {
      return { error: err.message.split('\n')[0] };
    }
  };
  const out = { stow: await attempt(() => stow(side, ct, warmUp)) };
  // Without the series stored there is nothing to retrieve.
  if (out.stow.error) return out;
  await attempt(() => frameRate(side, ct, 6)); // warm-up pass: both read the files once before timing
  for (const c of FRAME_CONCURRENCY) out[`frames${c}`] = await attempt(() => frameRate(side, ct, c));
  out.metadata = await attempt(() => metadata(side, ct));
  return out;
};

/** Prints one figure for both sides and its ratio (higher is better for ours when `better` is 'higher'). */
const report = (metric, unit, orthanc, ours, better, pick = (v) => v) => {
  const fmt = (r) =>
    !r ? 'not measured' : r.error ? `error: ${r.error}` : `${pick(r.value).toFixed(1)} ${unit}`;
  const ok = orthanc && !orthanc.error && ours && !ours.error;
  const ratio = ok
    ? better === 'higher'
      ? pick(ours.value) / pick(orthanc.value)
      : pick(orthanc.value) / pick(ours.value)
    : NaN;
  const status = ok ? met(ratio >= 1) : 'ERROR';
  console.log(
    `imaging-vs-orthanc: ${metric.padEnd(34)} Orthanc ${fmt(orthanc).padEnd(18)} ours ${fmt(ours).padEnd(18)} ratio ${ok ? ratio.toFixed(2) : '-'}   target >= 1.0   ${status}`,
  );
  result(
    'imaging-vs-orthanc',
    `${metric} (Orthanc ${fmt(orthanc)}, ours ${fmt(ours)})`,
    ok ? `ratio ${ratio.toFixed(2)}` : '-',
    '>= 1.0',
    status,
  );
};

runBench(
  'imaging-vs-orthanc',
  async () => {
    // Installed with apt-get when missing, before anything asks it its version or is timed.
    needTool('imaging-vs-orthanc', 'Orthanc with its DICOMweb plugin', ensureOrthanc);
    const t0 = Date.now();
    const ct = generatedCtSeries(SLICES, `bench-${Date.now()}`);
    const warmUp = generatedCtSeries(2, `bench-warm-up-${Date.now()}`);
    console.log(
      `  generated CT: ${SLICES} slices, ${(ct.bytes / 1e6).toFixed(1)} MB in ${Date.now() - t0} ms; ${orthancVersion()}`,
    );
    const orthanc = await startOrthanc();
    // The demo patient signs in; the generated demo CT is not needed here (the bench stores its own series).
    const { url } = await startGateway('imaging', {
      port: await envPort('BENCH_IMAGING_PORT'),
      env: { SEED_DEMO: 'true', DEMO_CT_SLICES: '0', RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' },
    });
    const { token } = await login(url);
    const sides = [
      { name: 'Orthanc', root: orthanc.dicomWeb, headers: {} },
      // The gateway asks every unsafe call for a CSRF header, whatever its credentials.
      {
        name: 'ours',
        root: `${url}/api/dicomweb`,
        headers: { authorization: `Bearer ${token}`, 'x-csrf-token': 'bench' },
      },
    ];
    const figures = {};
    for (const side of sides) {
      figures[side.name] = await measure(side, ct, warmUp);
      // Orthanc is stopped before ours is timed, so neither competes with the other for the cores.
      if (side.name === 'Orthanc') await orthanc.proc.stop();
    }
    const [o, u] = [figures.Orthanc, figures.ours];
    report('STOW-RS ingest', 'inst/s', o.stow, u.stow, 'higher');
    for (const c of FRAME_CONCURRENCY)
      report(`WADO-RS frames, ${c} concurrent`, 'MB/s', o[`frames${c}`], u[`frames${c}`], 'higher');
    report('series metadata median', 'ms', o.metadata, u.metadata, 'lower', (v) => v.median);
    report('series metadata p95', 'ms', o.metadata, u.metadata, 'lower', (v) => v.p95);
  },
  { timeoutMs: 280_000 },
);
