import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { WORKSPACE_ROOT } from '@portal/server-kit';
import {
  FAULT_BOUNDS,
  FaultLoad,
  freePort,
  httpFaultCall,
  serverFaults,
  type ServerFaults,
} from '@portal/server-kit/testing';

// Issue 14: the portal as `npm start` runs it (services/gateway/bin/start.cjs, no DATABASE_URL: the
// embedded PostgreSQL it starts and supervises), under a bounded load of signed-in reads and writes.
// (1) Every PostgreSQL process frozen for 6 s, then (2) the postmaster killed with SIGKILL and nobody
// but the portal itself to start it again. Callers must see 2xx or a proper 503, never a 500 or a
// hang; the portal must serve again within 10 s of the thaw and of the crash; every write answered
// 2xx must be in the database afterwards.
const { freezeMs: FREEZE_MS, maxCallMs: MAX_CALL_MS, recoveryMs: RECOVERY_MS } = FAULT_BOUNDS;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('faults: the embedded PostgreSQL of npm start frozen, then killed, under load', () => {
  let dataDir: string;
  let base: string;
  let pgPort: number;
  let portal: ChildProcess;
  let output = '';
  let faults: ServerFaults;
  let load: FaultLoad;

  const health = async () => {
    const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-embedded-faults-'));
    const [port, smtpPort] = [await freePort(), await freePort()];
    pgPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      PORTAL_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SMTP_CAPTURE_PORT: String(smtpPort),
      FACILITY_CATALOGUE_SIZE: '200',
      DEMO_CT_SLICES: '0',
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
    };
    // No DATABASE_URL: the portal starts its own PostgreSQL. Events stay in process, limits local.
    for (const name of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'SMTP_URL']) delete env[name];
    portal = spawn(process.execPath, [path.join(WORKSPACE_ROOT, 'services/gateway/bin/start.cjs')], {
      cwd: WORKSPACE_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    portal.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    portal.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (portal.exitCode !== null || portal.signalCode !== null)
        throw new Error(`the portal exited (${portal.exitCode ?? portal.signalCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`the portal did not become healthy:\n${output}`);
      if ((await health().catch(() => undefined))?.status === 200) break;
      await pause(250);
    }
    faults = serverFaults(path.join(dataDir, 'postgres'));

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'faults' },
      body: JSON.stringify({ username: 'patient@example.com', password: 'Demo-Portal-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    load = new FaultLoad(httpFaultCall(base, token), { read: 4, write: 4 }, 'embedded-faults');
  }, 180_000);

  afterAll(async () => {
    await load?.stop();
    faults?.thaw();
    if (portal && portal.exitCode === null && portal.signalCode === null) {
      const exited = new Promise((r) => portal.once('exit', r));
      portal.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers 2xx or 503 within bounds, restarts the killed server itself within 10 s and loses no acknowledged write', async () => {
    load.start();
    await load.warmedUp();

    // 1. Frozen: every process of the server stopped; its sockets stay open but nothing answers.
    const frozenAt = Date.now();
    faults.freeze();
    await load.unavailableAfter(frozenAt);
    const frozen = await health();
    expect(frozen.status).toBe(503);
    expect(frozen.body).toMatchObject({
      status: 'down',
      database: 'down',
      embeddedDatabase: { state: 'running', restarts: 0 },
    });
    await pause(frozenAt + FREEZE_MS - Date.now()); // the fault lasts 6 s by definition
    faults.thaw();
    const afterFreeze = await load.recoveredAfter(Date.now());
    await load.warmedUp(load.acknowledgedWrites().length + 3);

    // 2. Killed: the postmaster dies, its backends follow; nobody but the portal starts it again.
    const killedAt = Date.now();
    const killedPid = faults.pids()[0];
    faults.kill();
    // Measured from the kill, over calls sent once a refusal showed the old server gone.
    const refusedAt = await load.unavailableAfter(killedAt);
    const afterKill = refusedAt - killedAt + (await load.recoveredAfter(refusedAt));
    await load.warmedUp(load.acknowledgedWrites().length + 3);
    await load.stop();

    const acknowledged = load.acknowledgedWrites();
    const db = new Client({ connectionString: `postgres://portal:portal@127.0.0.1:${pgPort}/postgres` });
    await db.connect();
    const lost = await load.lostWrites(async (sql, params) => (await db.query(sql, params)).rows);
    await db.end();
    const summary = load.summary();
    process.stdout.write(
      `embedded faults: recovery ${afterFreeze} ms after the thaw, ${afterKill} ms after the kill (restarted by the portal); ` +
        `lost writes ${lost.length} of ${acknowledged.length} acknowledged; max call ${summary.maxMs} ms; ` +
        `${summary.calls} calls: ${summary.ok} 2xx, ${summary.unavailable} 503, ${summary.internalErrors} 500, ${summary.noAnswer} unanswered\n`,
    );

    expect(load.wrongAnswers()).toEqual([]);
    expect(summary.maxMs).toBeLessThanOrEqual(MAX_CALL_MS);
    expect(afterFreeze).toBeLessThanOrEqual(RECOVERY_MS);
    expect(afterKill).toBeLessThanOrEqual(RECOVERY_MS);
    expect(lost).toEqual([]);
    const after = await health();
    expect(after).toMatchObject({
      status: 200,
      body: {
        status: 'ok',
        database: 'up',
        embeddedDatabase: { state: 'running', restarts: 1, lastExit: { signal: 'SIGKILL' } },
      },
    });
    expect(after.body.embeddedDatabase.pid).not.toBe(killedPid);
    expect(output).toContain('embedded PostgreSQL exited; restarting it');
  }, 180_000);

  it('stops its PostgreSQL cleanly when it is stopped itself', async () => {
    expect(faults.pids().length).toBeGreaterThan(0);
    const exited = new Promise((r) => portal.once('exit', r));
    portal.kill('SIGTERM');
    await exited;
    // The portal awaited the fast shutdown it asked for: the server removed its lock file on the way out.
    expect(faults.pids()).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8')).toMatch(
      /database system is shut down/,
    );
  }, 60_000);
});
