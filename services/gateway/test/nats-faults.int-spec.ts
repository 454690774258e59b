import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { call, freePort, startTestApp, submitPatientRequest, type TestApp } from '@portal/server-kit/testing';

// Issue 8, faults: NATS killed while patients keep submitting requests. The writes only need
// PostgreSQL, so they answer 2xx; their events wait in the outbox and reach the records context once
// NATS is back. A NATS server of this test's own (decision 0006: shared durable consumers would mix runs).
const NATS_SERVER = '/usr/sbin/nats-server';
const WRITES_WHILE_DOWN = 5;

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

const eventually = async (what: string, done: () => Promise<boolean>, ms = 30_000): Promise<number> => {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
};

describe('faults: NATS killed and restarted in distributed mode', () => {
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nats-faults-'));
  let port: number;
  let nats: ChildProcess | undefined;
  let t: TestApp;
  let patient: string;
  let custodianId: string;

  const startNats = async () => {
    nats = spawn(NATS_SERVER, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
      stdio: 'ignore',
    });
    await eventually('nats-server accepting connections', () => portAnswers(port));
  };
  const killNats = async () => {
    const exited = new Promise((r) => nats!.once('exit', r));
    nats!.kill('SIGKILL');
    await exited;
  };
  const submit = () =>
    submitPatientRequest(t.app, patient, {
      custodian_id: custodianId,
      mrn: 'SM-1001',
      patientFirstName: 'Pat',
      patientLastName: 'Jordan',
      patientDOB: '03/12/1984',
      docReqType: ['IMAGES'],
      notes: 'while NATS was down',
    });
  const libraryIds = async () =>
    new Set(
      (
        (await call(t.app, 'GET', '/api/myRecords/studyData', { token: patient })).body as Array<{
          id: string;
        }>
      ).map((r) => r.id),
    );
  const health = () => call(t.app, 'GET', '/api/requests/health');

  beforeAll(async () => {
    port = await freePort();
    await startNats();
    t = await startTestApp([AuthContext, RequestsContext, RecordsContext], {
      seed: true,
      config: { natsUrl: `nats://127.0.0.1:${port}` },
    });
    patient = (
      await call(t.app, 'POST', '/api/auth/login', {
        body: { username: 'patient@example.com', password: 'Demo-Portal-1' },
      })
    ).body.token;
    custodianId = (await call(t.app, 'GET', '/api/facility/getCustodians?filterStr=St.%20Mary')).body[0].id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    nats?.kill('SIGKILL');
    fs.rmSync(storeDir, { recursive: true, force: true });
  });

  it('keeps answering writes, keeps their events and delivers them once NATS is back', async () => {
    const before = await submit();
    expect(before.status).toBe(201);
    await eventually('event delivered before the fault', async () =>
      (await libraryIds()).has(before.body.id),
    );

    await killNats();
    await eventually('health naming NATS as down', async () => {
      const h = await health();
      return (
        h.status === 503 &&
        h.body.events === 'down' &&
        h.body.database === 'up' &&
        h.body.status === 'degraded'
      );
    });
    const during: string[] = [];
    for (let i = 0; i < WRITES_WHILE_DOWN; i++) {
      const res = await submit();
      expect(res.status).toBe(201);
      during.push(res.body.id);
    }
    const waiting = await t.query(
      `SELECT count(*)::int AS n FROM requests.outbox WHERE published_at IS NULL`,
    );
    expect(waiting[0].n).toBeGreaterThanOrEqual(WRITES_WHILE_DOWN);
    expect([...(await libraryIds())].filter((id) => during.includes(id))).toEqual([]);

    await startNats();
    const backAt = Date.now();
    const deliveredMs = await eventually('events of the outage in the records library', async () => {
      const ids = await libraryIds();
      return during.every((id) => ids.has(id));
    });
    await eventually('health ok again', async () => (await health()).status === 200);
    const left = await t.query(`SELECT count(*)::int AS n FROM requests.outbox WHERE published_at IS NULL`);
    process.stdout.write(
      `nats faults: ${during.length} requests answered 201 while NATS was down; all in records ${deliveredMs} ms after NATS returned (${Date.now() - backAt} ms to healthy); ${left[0].n} events left unpublished\n`,
    );
    expect(left[0].n).toBe(0);
  }, 120_000);
});
