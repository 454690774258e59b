import {
  type Postmaster,
  type PostmasterExit,
  PostgresSupervisor,
  restartDelayMs,
  STABLE_MS,
  type SupervisorDeps,
} from './postgres-supervisor';

/** A postmaster the test ends by hand, and whether it becomes ready. */
class FakePostmaster implements Postmaster {
  readonly exited: Promise<PostmasterExit>;
  private end!: (exit: PostmasterExit) => void;
  readonly signals: string[] = [];
  constructor(
    readonly pid: number,
    readonly becomesReady: boolean,
  ) {
    this.exited = new Promise((resolve) => (this.end = resolve));
  }
  die(exit: PostmasterExit = { code: null, signal: 'SIGKILL' }) {
    this.end(exit);
  }
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** Real-process operations replaced: a clock that sleeps move forward, launches that follow a script. */
const world = (script: boolean[] = []) => {
  let clock = 1_000_000;
  let pid = 100;
  const launched: FakePostmaster[] = [];
  const sleeps: number[] = [];
  const logs: string[] = [];
  let elsewhere = false;
  const deps: SupervisorDeps = {
    launch: () => {
      const server = new FakePostmaster(++pid, script.length ? script.shift()! : true);
      launched.push(server);
      // A server that cannot start exits at once (port taken, shared memory still held).
      if (!server.becomesReady) server.die({ code: 1, signal: null });
      return server;
    },
    ready: async (server) => (server as FakePostmaster).becomesReady,
    runElsewhere: () => elsewhere,
    signal: (server, signal) => {
      (server as FakePostmaster).signals.push(signal);
      if (signal === 'SIGINT') (server as FakePostmaster).die({ code: 0, signal: null });
    },
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
    logTail: () => 'FATAL:  lock file "postmaster.pid" already exists',
    log: {
      info: (_o, msg) => void logs.push(`info ${msg}`),
      warn: (_o, msg) => void logs.push(`warn ${msg}`),
    },
  };
  return {
    deps,
    launched,
    sleeps,
    logs,
    last: () => launched[launched.length - 1],
    pass: (ms: number) => (clock += ms),
    runElsewhere: () => (elsewhere = true),
  };
};

describe('restartDelayMs', () => {
  it('starts at 250 ms, doubles, and stops at 8 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });
});

describe('PostgresSupervisor', () => {
  it('starts the server and reports it running', async () => {
    const w = world();
    const s = new PostgresSupervisor(w.deps);
    await s.start();
    expect(s.report()).toEqual({ state: 'running', pid: 101, restarts: 0, lastExit: undefined });
  });

  it('fails to start with the end of the server log when the server exits first', async () => {
    const w = world([false]);
    await expect(new PostgresSupervisor(w.deps).start()).rejects.toThrow(
      /did not start; its log ends:\nFATAL: {2}lock file/,
    );
  });

  it('restarts a server that dies, after 250 ms, and logs both', async () => {
    const w = world();
    const s = new PostgresSupervisor(w.deps);
    await s.start();
    w.last().die();
    await flush();
    expect(w.sleeps).toEqual([250]);
    expect(w.launched).toHaveLength(2);
    expect(s.report()).toMatchObject({
      state: 'running',
      pid: 102,
      restarts: 1,
      lastExit: { code: null, signal: 'SIGKILL' },
    });
    expect(w.logs).toEqual([
      'warn embedded PostgreSQL exited; restarting it',
      'info embedded PostgreSQL restarted',
    ]);
  });

  it('backs off while the server will not start, and keeps trying', async () => {
    const w = world([true, false, false, false, true]);
    const s = new PostgresSupervisor(w.deps);
    await s.start();
    w.last().die();
    await flush();
    expect(w.sleeps).toEqual([250, 500, 1000, 2000]);
    expect(s.report()).toMatchObject({ state: 'running', restarts: 1 });
    expect(w.logs.filter((l) => l.includes('did not start'))).toHaveLength(3);
  });

  it('keeps backing off for a server that dies soon after each restart, and starts again at 250 ms once it ran stably', async () => {
    const w = world();
    const s = new PostgresSupervisor(w.deps);
    await s.start();
    for (let i = 0; i < 3; i++) {
      w.pass(1000);
      w.last().die();
      await flush();
    }
    expect(w.sleeps).toEqual([250, 500, 1000]);
    w.pass(STABLE_MS);
    w.last().die();
    await flush();
    expect(w.sleeps).toEqual([250, 500, 1000, 250]);
    expect(s.report().restarts).toBe(4);
  });

  it('stops the server with a fast shutdown and does not restart it', async () => {
    const w = world();
    const s = new PostgresSupervisor(w.deps);
    await s.start();
    await s.stop();
    await flush();
    expect(w.last().signals).toEqual(['SIGINT']);
    expect(w.launched).toHaveLength(1);
    expect(s.report()).toMatchObject({ state: 'stopped', restarts: 0 });
  });

  it('asks the server to shut down at process exit, without restarting it', async () => {
    const w = world();
    const s = new PostgresSupervisor(w.deps);
    await s.start();
    s.abandon();
    await flush();
    expect(w.last().signals).toEqual(['SIGINT']);
    expect(w.launched).toHaveLength(1);
  });

  it('leaves the folder to another process that started a server on it meanwhile', async () => {
    const w = world();
    const s = new PostgresSupervisor(w.deps);
    await s.start();
    w.runElsewhere();
    w.last().die();
    await flush();
    expect(w.launched).toHaveLength(1);
    expect(s.report()).toMatchObject({ state: 'run-elsewhere', pid: undefined });
  });
});
