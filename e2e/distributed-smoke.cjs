#!/usr/bin/env node
// Distributed-mode smoke test (`npm run test:distributed`): every context as its own process on a
// fresh database, events over NATS JetStream, the gateway in proxy mode in front of them.
// Asserts through the gateway, and calls two auth processes directly to show that they share one
// per-account limit through Redis (REDIS_URL, else the machine's on 127.0.0.1:6379, else a
// redis-server started here); prints each step and ends with `<n> passed, <m> failed`.
'use strict';
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');

const root = path.resolve(__dirname, '..');
const CONTEXTS = ['auth', 'requests', 'records', 'sharing', 'imaging', 'provider', 'groups', 'billing'];
const GATEWAY_PORT = Number(process.env.SMOKE_GATEWAY_PORT || 9100);
const CONTEXT_BASE_PORT = Number(process.env.SMOKE_CONTEXT_BASE_PORT || 9201); // auth 9201 ... groups 9207
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const ADMIN_DB_URL =
  process.env.SMOKE_ADMIN_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
const HEALTH_TIMEOUT_MS = 60_000;
const POLL_TIMEOUT_MS = 15_000;
const POLL_INTERVAL_MS = 250;
const OVERALL_TIMEOUT_MS = 240_000;
const LOG_TAIL = 200;

const gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT}`;
const contextPort = (name) => CONTEXT_BASE_PORT + CONTEXTS.indexOf(name);
const contextUrl = (name) => `http://127.0.0.1:${contextPort(name)}`;
// A second auth process on the port after groups': two processes of one context, as a deployment scales it.
const SECOND_AUTH_PORT = CONTEXT_BASE_PORT + CONTEXTS.length;
const secondAuthUrl = `http://127.0.0.1:${SECOND_AUTH_PORT}`;
const ACCOUNT_LIMIT = 30; // RATE_LIMIT_ACCOUNT_PER_MINUTE's default
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (msg) => process.stdout.write(`[smoke] ${msg}\n`);

// Demo ids exactly as the contexts seed them; the tree is built before this test runs.
const { demoId } = require('../libs/server-kit/dist/demo.js');
const DEMO_REQUESTS = ['completed-ct', 'open-mri', 'open-reports'].map((k) => ({
  key: k,
  id: demoId(`patient-request:${k}`),
}));

// ---------------------------------------------------------------------------------------------
// Child processes, their logs, and cleanup that always runs.

const children = [];
let cleanupPromise;
let dbName;
let dataDir;
let redisServer;

// Process handling is the benchmarks' own (start, keep the log tail, SIGTERM then SIGKILL at cleanup).
const processes = require('../bench/lib.cjs');
const { makeDicomSeries } = require('../bench/dicom-series.cjs');
const startChild = (name, args, env) => {
  const entry = processes.startProcess(name, args, { ...process.env, ...env }, { keep: LOG_TAIL });
  children.push(entry);
  return entry;
};

const printChildLogs = () => {
  for (const c of children) {
    process.stdout.write(
      `\n----- ${c.name} (pid ${c.child.pid}${c.exited ? `, exited ${c.code}` : ''}): last ${c.lines.length} log lines -----\n`,
    );
    process.stdout.write(c.lines.join('\n') + '\n');
  }
};

const cleanup = () =>
  (cleanupPromise ??= (async () => {
    await processes.cleanup();
    if (redisServer && redisServer.exitCode === null) {
      const exited = new Promise((r) => redisServer.once('exit', r));
      redisServer.kill('SIGTERM');
      await exited;
    }
    if (dbName) {
      try {
        const admin = new Client({ connectionString: ADMIN_DB_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
        log(`dropped database ${dbName}`);
      } catch (err) {
        log(`could not drop database ${dbName}: ${err.message}`);
      }
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  })());

const abort = async (reason) => {
  log(`ABORTED: ${reason}`);
  printChildLogs();
  await cleanup();
  process.exit(1);
};
process.on('SIGINT', () => void abort('interrupted (SIGINT)'));
process.on('SIGTERM', () => void abort('terminated (SIGTERM)'));
process.on('unhandledRejection', (err) => void abort(`unhandled rejection: ${err?.stack || err}`));

// ---------------------------------------------------------------------------------------------
// Helpers.

const tcpOpen = (host, port, timeoutMs = 2000) =>
  new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });

/** A real 1×1 PNG (the photo ID and the signature of the smoke test's request). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const http = async (method, url, { token, body } = {}) => {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = 'smoke';
  const res = await fetch(url.startsWith('http') ? url : gatewayUrl + url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
};

/** Polls `probe` until it returns a truthy value; short intervals, bounded overall. */
const pollUntil = async (what, probe, timeoutMs = POLL_TIMEOUT_MS) => {
  const started = Date.now();
  let last;
  while (Date.now() - started < timeoutMs) {
    try {
      const value = await probe();
      if (value) return { value, ms: Date.now() - started };
    } catch (err) {
      last = err;
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${last.message})` : ''}`);
};

const assert = (cond, message) => {
  if (!cond) throw new Error(message);
};

const login = async (username) => {
  const res = await http('POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } });
  assert(
    res.status === 200 || res.status === 201,
    `login ${username}: HTTP ${res.status} ${JSON.stringify(res.body)}`,
  );
  assert(
    typeof res.body.token === 'string' && res.body.token.split('.').length === 3,
    `login ${username}: no token in answer`,
  );
  return res.body.token;
};

/** REDIS_URL, else the machine's Redis when it answers, else Debian's redis-server on a free port. */
const resolveRedis = async () => {
  const given = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const url = new URL(given);
  if (await tcpOpen(url.hostname, Number(url.port || 6379))) return given;
  const port = await processes.freePort();
  redisServer = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await new Promise((resolve, reject) => {
    redisServer.once('spawn', resolve);
    redisServer.once('error', (err) =>
      reject(
        new Error(
          `no Redis at ${given} and redis-server could not start (${err.message}): install redis-server or set REDIS_URL`,
        ),
      ),
    );
  });
  await pollUntil('redis-server listening', () => tcpOpen('127.0.0.1', port, 500), 10_000);
  return `redis://127.0.0.1:${port}`;
};

const waitHealthy = async (targets) => {
  const started = Date.now();
  const pending = new Map(targets);
  while (pending.size) {
    for (const [name, url] of [...pending]) {
      const entry = children.find((c) => c.name === name);
      if (entry.exited) throw new Error(`${name} exited (${entry.code}) before it was healthy`);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) {
          pending.delete(name);
          log(`  ${name} healthy after ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
      } catch {
        /* not yet */
      }
    }
    if (!pending.size) break;
    if (Date.now() - started > HEALTH_TIMEOUT_MS)
      throw new Error(`not healthy within ${HEALTH_TIMEOUT_MS / 1000} s: ${[...pending.keys()].join(', ')}`);
    await sleep(300);
  }
};

// ---------------------------------------------------------------------------------------------
// Setup.

const setup = async () => {
  for (const pkg of ['gateway', ...CONTEXTS]) {
    if (!fs.existsSync(path.join(root, 'services', pkg, 'dist', 'main.js')))
      throw new Error(`services/${pkg}/dist/main.js is missing: run \`npm run build\` first`);
  }

  const nats = new URL(NATS_URL);
  if (!(await tcpOpen(nats.hostname, Number(nats.port || 4222)))) {
    throw new Error(
      `NATS does not answer at ${NATS_URL}. Distributed mode needs NATS with JetStream (e.g. \`nats-server -js\`), or set NATS_URL.`,
    );
  }
  const { connect } = require('nats');
  const nc = await connect({ servers: NATS_URL, name: 'distributed-smoke', timeout: 5000 });
  try {
    log(
      `NATS ${NATS_URL}: nats-server ${nc.info?.version ?? '?'}, JetStream ${nc.info?.jetstream ? 'on' : 'OFF'}`,
    );
    const jsm = await nc.jetstreamManager();
    try {
      await jsm.streams.delete('PORTAL');
      log('deleted NATS stream PORTAL (and its durable consumers) from an earlier run');
    } catch (err) {
      if (!/not found/i.test(String(err.message))) throw err;
      log('NATS stream PORTAL not present: clean start');
    }
  } finally {
    await nc.close();
  }

  const busy = [];
  for (const port of [GATEWAY_PORT, ...CONTEXTS.map(contextPort), SECOND_AUTH_PORT])
    if (await tcpOpen('127.0.0.1', port, 500)) busy.push(port);
  if (busy.length)
    throw new Error(
      `ports already in use: ${busy.join(', ')} (set SMOKE_GATEWAY_PORT / SMOKE_CONTEXT_BASE_PORT)`,
    );

  dbName = `portal_smoke_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_DB_URL });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL does not answer at ${ADMIN_DB_URL.replace(/:[^:@/]*@/, ':***@')}: ${err.message} (set DATABASE_URL)`,
    );
  }
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(ADMIN_DB_URL);
  dbUrl.pathname = `/${dbName}`;
  log(`created database ${dbName}`);

  // One data dir for the installation's shared secrets and the disk blob store (never the default .data).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-smoke-'));
  const smtpPort = await processes.freePort();
  const redisUrl = await resolveRedis();
  const common = {
    REDIS_URL: redisUrl,
    // Keys of this run only: other runs and engineers may share the machine's Redis.
    REDIS_KEY_PREFIX: `portal-smoke-${randomBytes(5).toString('hex')}:`,
    DATABASE_URL: dbUrl.toString(),
    NATS_URL,
    PORTAL_DATA_DIR: dataDir,
    SMTP_CAPTURE_PORT: String(smtpPort),
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    SEED_DEMO: 'true',
    // The search over the full catalogue has its own benchmark; the smoke test needs the demo facilities.
    FACILITY_CATALOGUE_SIZE: '500',
    HOST: '127.0.0.1',
  };
  const jwks = `${contextUrl('auth')}/api/auth/jwks`;

  for (const name of CONTEXTS) {
    startChild(name, [`services/${name}/dist/main.js`], {
      ...common,
      PORT: String(contextPort(name)),
      SERVICE_NAME: name,
      ...(name === 'auth' ? {} : { AUTH_JWKS_URL: jwks }),
    });
  }
  const urls = Object.fromEntries(CONTEXTS.map((n) => [`${n.toUpperCase()}_URL`, contextUrl(n)]));
  startChild('gateway', ['-e', "require('./services/gateway/dist/main.js').startGateway()"], {
    ...common,
    ...urls,
    GATEWAY_MODE: 'proxy',
    PORT: String(GATEWAY_PORT),
    PUBLIC_URL: gatewayUrl,
    SERVICE_NAME: 'gateway',
    AUTH_JWKS_URL: jwks,
  });
  log(
    `started ${CONTEXTS.map((n) => `${n}:${contextPort(n)}`).join(' ')} gateway:${GATEWAY_PORT} (proxy), NATS ${NATS_URL}, SMTP capture ${smtpPort}, Redis ${redisUrl}`,
  );
  await waitHealthy([
    ...CONTEXTS.map((n) => [n, `${contextUrl(n)}/health`]),
    ['gateway', `${gatewayUrl}/health`],
  ]);

  // After the first is healthy: migrations take no lock, so two processes must not run them at once.
  startChild('auth-2', ['services/auth/dist/main.js'], {
    ...common,
    PORT: String(SECOND_AUTH_PORT),
    SERVICE_NAME: 'auth',
  });
  await waitHealthy([['auth-2', `${secondAuthUrl}/health`]]);
};

// ---------------------------------------------------------------------------------------------
// Assertion groups.

const state = {};

const groups = [
  [
    'gateway /health: proxy mode, every context up',
    async () => {
      const res = await http('GET', '/health');
      assert(res.status === 200, `HTTP ${res.status} ${JSON.stringify(res.body)}`);
      assert(res.body.mode === 'proxy', `mode is ${res.body.mode}`);
      for (const name of CONTEXTS)
        assert(res.body.contexts?.[name] === 'up', `${name} is ${res.body.contexts?.[name]}`);
      return `status ${res.body.status}, ${CONTEXTS.length} contexts up`;
    },
  ],
  [
    'sign-in of patient@example.com; GET /api/user/roles answers PATIENT',
    async () => {
      state.patientToken = await login('patient@example.com');
      const res = await http('GET', '/api/user/roles', { token: state.patientToken });
      assert(res.status === 200, `roles: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      assert(
        Array.isArray(res.body) && res.body.some((r) => r.mnemonic === 'PATIENT' && r.active),
        `roles: ${JSON.stringify(res.body)}`,
      );
      // Another context (records) verifies the same token with the auth context's JWKS.
      const other = await http('GET', '/api/myRecords/studyData', { token: state.patientToken });
      assert(
        other.status === 200,
        `records context refused the token: HTTP ${other.status} ${JSON.stringify(other.body)}`,
      );
      return `roles ${res.body.map((r) => r.mnemonic).join(',')}; token accepted by records context via JWKS`;
    },
  ],
  [
    'events cross contexts over NATS: request -> records library and provider inbox; the facility fulfils it -> imaging, requests, records: Completed',
    async () => {
      assert(state.patientToken, 'no patient token (sign-in failed)');
      const custodians = await http('GET', '/api/facility/getCustodians?filterStr=St.%20Mary');
      assert(custodians.status === 200, `getCustodians: HTTP ${custodians.status}`);
      const stMary = custodians.body.find((c) => c.name === 'St. Mary Imaging Center');
      assert(stMary, `St. Mary Imaging Center not found: ${JSON.stringify(custodians.body).slice(0, 300)}`);
      // The wizard's presigned flow through the gateway: the form, the photo ID posted to its action, the request.
      const form = await http('GET', '/api/requestRecord/uploadForm?kind=govt_id');
      assert(form.status === 200, `uploadForm: HTTP ${form.status}`);
      const file = new FormData();
      for (const [k, v] of Object.entries(form.body.inputs)) file.append(k, v);
      file.append('file', new Blob([PNG_1PX], { type: 'image/png' }), 'id.png');
      const up = await fetch(gatewayUrl + form.body.attributes.action, {
        method: 'POST',
        body: file,
        headers: { 'x-csrf-token': 'smoke', cookie: 'XSRF-TOKEN=smoke' },
      });
      assert(up.status === 201, `photo ID upload: HTTP ${up.status} ${await up.text()}`);
      const created = await http('POST', '/api/requestRecord/requestPatientRecord', {
        token: state.patientToken,
        body: {
          custodian_id: stMary.id,
          mrn: 'SM-1001',
          requestFiller: 'self',
          patientFirstName: 'Pat',
          patientLastName: 'Jordan',
          patientDOB: '03/12/1984',
          docReqType: ['IMAGES'],
          notes: 'smoke',
          idProof: { s3_bucket: '', s3_path: form.body.key, file_name: 'id.png' },
          signature: `data:image/png;base64,${PNG_1PX.toString('base64')}`,
          electronicSignatureConsent: true,
        },
      });
      assert(
        created.status === 200 || created.status === 201,
        `requestPatientRecord: HTTP ${created.status} ${JSON.stringify(created.body)}`,
      );
      const id = created.body.id;
      assert(typeof id === 'string', `no request id in ${JSON.stringify(created.body)}`);
      log(`  request ${id} submitted to the requests context`);
      const inRecords = await pollUntil('request in records library', async () => {
        const res = await http('GET', '/api/myRecords/studyData', { token: state.patientToken });
        return res.status === 200 && res.body.find((r) => r.id === id);
      });
      assert(
        inRecords.value.organization?.name === 'St. Mary Imaging Center',
        `records has custodian ${JSON.stringify(inRecords.value.organization)}`,
      );
      log(`  records context has it after ${inRecords.ms} ms`);
      const providerToken = await login('provider@example.com');
      const inProvider = await pollUntil('request in provider inbox', async () => {
        const res = await http('GET', '/api/getPatientRequestsForExternalProvider', { token: providerToken });
        return res.status === 200 && res.body.rows.find((r) => r.id === id);
      });
      log(`  provider context has it after ${inProvider.ms} ms (after records)`);
      // The facility fulfils it: a DICOM file through the presigned flow, kept, submitted; then the
      // provider's event reaches imaging (ingest), requests (status) and records over NATS.
      const imagesId = inProvider.value.document_request.find(
        (d) => d.document_request_type.mnemonic === 'IMAGES',
      ).id;
      const [dicom] = makeDicomSeries(1).files;
      const forms = await http('POST', '/api/generateS3PresignedURL', {
        token: providerToken,
        body: {
          patientRequestId: id,
          documentRequestId: imagesId,
          files: [{ fileName: dicom.name, size: dicom.bytes.length }],
        },
      });
      assert(
        forms.status === 201,
        `generateS3PresignedURL: HTTP ${forms.status} ${JSON.stringify(forms.body)}`,
      );
      const [providerForm] = forms.body.forms;
      const part = new FormData();
      for (const [k, v] of Object.entries(providerForm.inputs)) part.append(k, v);
      part.append('file', new Blob([dicom.bytes], { type: 'application/dicom' }), dicom.name);
      const sent = await fetch(gatewayUrl + providerForm.attributes.action, {
        method: 'POST',
        body: part,
        headers: { 'x-csrf-token': 'smoke', cookie: 'XSRF-TOKEN=smoke' },
      });
      assert(sent.status === 201, `DICOM upload: HTTP ${sent.status} ${await sent.text()}`);
      const kept = await http('POST', '/api/addDocuments', {
        token: providerToken,
        body: {
          patientRequestId: id,
          documentRequestId: imagesId,
          uploadedDocuments: [{ key: providerForm.key, file_name: dicom.name, path: dicom.name }],
        },
      });
      assert(
        kept.status === 201 && kept.body.documents.length === 1,
        `addDocuments: HTTP ${kept.status} ${JSON.stringify(kept.body)}`,
      );
      const submitted = await http('POST', '/api/markPatientRequestAsUploaded', {
        token: providerToken,
        body: { patientRequestId: id },
      });
      assert(
        submitted.status === 201,
        `markPatientRequestAsUploaded: HTTP ${submitted.status} ${JSON.stringify(submitted.body)}`,
      );
      const completed = await pollUntil('request Completed for the patient', async () => {
        const res = await http('GET', `/api/requestRecord/patientRequest/${id}`, {
          token: state.patientToken,
        });
        return res.status === 200 && res.body.status === 'Completed' && res.body;
      });
      const events = completed.value.timeline.map((e) => e.event).join(' > ');
      log(`  Completed after ${completed.ms} ms: ${events}`);
      return `records ${inRecords.ms} ms, provider +${inProvider.ms} ms, fulfilled and Completed +${completed.ms} ms`;
    },
  ],
  [
    `two auth processes share one per-account limit through Redis: ${ACCOUNT_LIMIT} failed sign-ins across both, the next refused on either`,
    async () => {
      const account = `smoke-limit-${randomBytes(4).toString('hex')}@example.com`;
      const signIn = (base) =>
        http('POST', `${base}/api/auth/login`, { body: { username: account, password: 'Wrong-Pass-1' } });
      const bases = [contextUrl('auth'), secondAuthUrl];
      for (let i = 0; i < ACCOUNT_LIMIT; i++) {
        const res = await signIn(bases[i % 2]);
        assert(
          res.status === 401,
          `failed sign-in ${i + 1} of ${ACCOUNT_LIMIT}: HTTP ${res.status} ${JSON.stringify(res.body)}`,
        );
      }
      for (const base of bases) {
        const res = await signIn(base);
        assert(
          res.status === 429,
          `sign-in ${ACCOUNT_LIMIT + 1} at ${base}: HTTP ${res.status} (each process counting alone would allow ${ACCOUNT_LIMIT} each)`,
        );
        assert(res.body.code === 'AUTH.TOO_MANY_ATTEMPTS', `429 body ${JSON.stringify(res.body)}`);
      }
      return `${ACCOUNT_LIMIT / 2} at each process, then 429 AUTH.TOO_MANY_ATTEMPTS at both`;
    },
  ],
  [
    'demo library: 3 demo requests, studies from real DICOM (imaging.study-stored over NATS)',
    async () => {
      assert(state.patientToken, 'no patient token (sign-in failed)');
      const { value: library } = await pollUntil('demo requests and studies in the library', async () => {
        const res = await http('GET', '/api/myRecords/studyData', { token: state.patientToken });
        if (res.status !== 200) return false;
        const demo = DEMO_REQUESTS.map((d) => res.body.find((r) => r.id === d.id));
        return demo.every(Boolean) && demo[0].approved_cfind_responses.some((a) => a.cfind_response) && demo;
      });
      // The completed request also holds the records seed's radiology report (a document, no cfind_response).
      const studies = library[0].approved_cfind_responses
        .filter((a) => a.cfind_response)
        .map((a) => a.cfind_response);
      const imaging = await http('GET', '/api/dicomweb/studies', { token: state.patientToken });
      assert(imaging.status === 200, `imaging QIDO: HTTP ${imaging.status}`);
      const indexed = new Map(imaging.body.map((s) => [s['0020000D'].Value[0], s['00201208'].Value[0]]));
      for (const s of studies) {
        assert(/^\d+(\.\d+)+$/.test(s.study_instance_uid), `not a DICOM UID: ${s.study_instance_uid}`);
        assert(s.total_instances > 0, `study ${s.study_instance_uid} has no instances`);
        assert(
          indexed.get(s.study_instance_uid) === s.total_instances,
          `study ${s.study_instance_uid}: records ${s.total_instances} instances, imaging ${indexed.get(s.study_instance_uid)}`,
        );
      }
      // (Step 3's delivery added a study of its own to this patient.)
      assert(
        indexed.size >= studies.length,
        `imaging has ${indexed.size} studies, records ${studies.length}`,
      );
      return `${library.length} demo requests; completed request has ${studies.length} studies (${studies.map((s) => `${s.modality}×${s.total_instances}`).join(', ')}) matching imaging's index`;
    },
  ],
];

const main = async () => {
  const overall = setTimeout(
    () => void abort(`overall timeout of ${OVERALL_TIMEOUT_MS / 1000} s`),
    OVERALL_TIMEOUT_MS,
  );
  overall.unref();
  let passed = 0;
  let failed = 0;
  try {
    log('setup');
    await setup();
    for (const [title, run] of groups) {
      log(`step ${passed + failed + 1}/${groups.length}: ${title}`);
      try {
        const detail = await run();
        passed++;
        log(`  PASS ${detail ?? ''}`);
      } catch (err) {
        failed++;
        log(`  FAIL ${err.message}`);
      }
    }
  } catch (err) {
    log(`setup failed: ${err.message}`);
    failed = groups.length - passed;
  }
  if (failed) {
    printChildLogs();
    if (children.some((c) => c.lines.some((l) => l.includes("'filter_subjects' requires server")))) {
      log(
        'hint: the event bus creates consumers with filter_subjects, which nats-server < 2.10 refuses (use filter_subject for one subject); see libs/server-kit/src/events/nats.bus.ts',
      );
    }
  }
  await cleanup();
  clearTimeout(overall);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
};

void main();
