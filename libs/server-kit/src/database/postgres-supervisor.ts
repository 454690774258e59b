/** A postmaster this process started. */
export interface Postmaster {
  readonly pid: number;
  /** Resolves once the process has exited, however it ended. */
  readonly exited: Promise<PostmasterExit>;
}

export interface PostmasterExit {
  code: number | null;
  signal: string | null;
}

/** What the supervisor does to the world; embedded.ts gives the real ones, the spec fakes. */
export interface SupervisorDeps {
  /** Spawns a postmaster on the data folder (clearing a lock file its dead predecessor left). */
  launch(): Postmaster;
  /** Resolves true once the server accepts connections, false when it exits first. */
  ready(server: Postmaster): Promise<boolean>;
  /** Another live postmaster runs the data folder: another portal process started it meanwhile. */
  runElsewhere(): boolean;
  signal(server: Postmaster, signal: NodeJS.Signals): void;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Why a start failed: the end of the server's own log. */
  logTail(): string;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
  };
}

export type SupervisedState = 'starting' | 'running' | 'restarting' | 'stopped' | 'run-elsewhere';

/** What /health tells of the embedded server this process supervises. */
export interface SupervisedReport {
  state: SupervisedState;
  pid?: number;
  restarts: number;
  lastExit?: PostmasterExit & { at: string };
}

/** A server that stayed up this long had not been crash-looping: the next restart starts the backoff again. */
export const STABLE_MS = 30_000;

/**
 * Wait before restart attempt n (1-based) since the server last ran stably: 250 ms, doubling, at most
 * 8 s. The first one comes quickly, so a single crash costs well under the 10 s the portal allows
 * itself; a server that keeps dying is not restarted in a tight loop.
 */
export const restartDelayMs = (attempt: number): number =>
  Math.min(8000, 250 * 2 ** Math.max(0, attempt - 1));

/**
 * Keeps the embedded PostgreSQL running for the process that started it: when the postmaster dies
 * (crash, OOM killer, kill -9) it is started again on the same data folder, where PostgreSQL replays
 * its write-ahead log, so nothing committed is lost. Only a death restarts it: a server that is alive
 * but stuck is left alone (the pools' bounded waits answer 503 meanwhile), since killing a server in
 * a long checkpoint or under a debugger would do harm.
 */
export class PostgresSupervisor {
  private current?: Postmaster;
  private state: SupervisedState = 'starting';
  private stopping = false;
  private restarts = 0;
  /** Restart attempts since the server last ran for STABLE_MS. */
  private failures = 0;
  private upSince = 0;
  private lastExit?: SupervisedReport['lastExit'];

  constructor(private readonly deps: SupervisorDeps) {}

  /** Starts the server and resolves once it accepts connections; rejects with its log when it cannot. */
  async start(): Promise<void> {
    if (!(await this.launchReady()))
      throw new Error(`embedded PostgreSQL did not start; its log ends:\n${this.deps.logTail()}`);
  }

  report(): SupervisedReport {
    return { state: this.state, pid: this.current?.pid, restarts: this.restarts, lastExit: this.lastExit };
  }

  /** Fast shutdown (sessions ended, a checkpoint, exit), awaited; no restart follows. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.state = 'stopped';
    const server = this.current;
    if (!server) return;
    this.deps.signal(server, 'SIGINT');
    await server.exited;
  }

  /** At process exit, where nothing can be awaited: asks the server to shut down, does not wait. */
  abandon(): void {
    if (this.stopping || !this.current) return;
    this.stopping = true;
    this.state = 'stopped';
    this.deps.signal(this.current, 'SIGINT');
  }

  /** Launches a server and, once it is ready, watches for its death; undefined when it exits first. */
  private async launchReady(): Promise<Postmaster | undefined> {
    const server = this.deps.launch();
    this.current = server;
    if (!(await this.deps.ready(server)) || this.stopping) {
      if (this.current === server) this.current = undefined;
      return undefined;
    }
    this.state = 'running';
    this.upSince = this.deps.now();
    void server.exited.then((exit) => this.exited(server, exit));
    return server;
  }

  private async exited(server: Postmaster, exit: PostmasterExit): Promise<void> {
    if (this.stopping || this.current !== server) return;
    this.current = undefined;
    const exitedAt = this.deps.now();
    const upMs = exitedAt - this.upSince;
    if (upMs >= STABLE_MS) this.failures = 0;
    this.state = 'restarting';
    this.lastExit = { ...exit, at: new Date(exitedAt).toISOString() };
    this.deps.log.warn({ pid: server.pid, ...exit, upMs }, 'embedded PostgreSQL exited; restarting it');
    while (!this.stopping) {
      const delay = restartDelayMs(++this.failures);
      await this.deps.sleep(delay);
      if (this.stopping) return;
      if (this.deps.runElsewhere()) {
        this.state = 'run-elsewhere';
        this.deps.log.warn(
          {},
          'embedded PostgreSQL was started by another process; this one no longer supervises it',
        );
        return;
      }
      const restarted = await this.launchReady();
      if (restarted) {
        this.restarts++;
        this.deps.log.info(
          {
            pid: restarted.pid,
            attempt: this.failures,
            downMs: this.deps.now() - exitedAt,
            restarts: this.restarts,
          },
          'embedded PostgreSQL restarted',
        );
        return;
      }
      this.deps.log.warn(
        { attempt: this.failures, nextInMs: restartDelayMs(this.failures + 1), log: this.deps.logTail() },
        'embedded PostgreSQL did not start; trying again',
      );
    }
  }
}
