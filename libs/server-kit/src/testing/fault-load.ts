import { MESSAGES } from '@portal/contracts';

export type LoadKind = 'read' | 'write';

/** One call of the load and what its caller saw. */
export interface LoadAnswer {
  kind: LoadKind;
  /** The x-request-id it was sent with; a write's audit row carries it. */
  id: string;
  started: number;
  ms: number;
  /** HTTP status, 0 when no answer came at all. */
  status: number;
  code?: string;
  message?: string;
  retryAfter?: string;
}

export type SendCall = (
  kind: LoadKind,
  requestId: string,
) => Promise<{ status: number; body: unknown; headers: Record<string, unknown> }>;

/** Bounds of the fault experiments (issues 8 and 14): the fault's length, the slowest call allowed, recovery. */
export const FAULT_BOUNDS = { freezeMs: 6000, maxCallMs: 8000, recoveryMs: 10_000 } as const;

/** The write of the experiments: the demo patient's details saved again, each save an audit row with its request id. */
export const FAULT_WRITE_DETAILS = {
  firstName: 'Patricia',
  lastName: 'Jordan',
  dateOfBirth: '29/02/1984',
  phone: '2125550199',
  countryCode: '1',
  address: '1 Liberty Plaza',
  cityId: 'US:NY:New York City',
  country: 'US',
  state: 'New York',
  postcode: '10006',
};

/** The experiments' calls to a running gateway: reads are GET getPerson, writes POST saveDetails. */
export const httpFaultCall =
  (base: string, token: string): SendCall =>
  async (kind, requestId) => {
    const res = await fetch(`${base}/api/myIdentity/${kind === 'read' ? 'getPerson' : 'saveDetails'}`, {
      method: kind === 'read' ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-request-id': requestId,
        'x-csrf-token': 'faults',
        ...(kind === 'write' ? { 'content-type': 'application/json' } : {}),
      },
      body: kind === 'write' ? JSON.stringify(FAULT_WRITE_DETAILS) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined; // an answer that is not the error vocabulary's JSON counts as a wrong answer
    }
    return { status: res.status, body, headers: Object.fromEntries(res.headers) };
  };

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A bounded load for fault experiments: a few workers each sending one call after another (reads and
 * writes), every answer kept. Used by the fault integration test and bench/faults.cjs alike.
 */
export class FaultLoad {
  readonly answers: LoadAnswer[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private seq = 0;

  constructor(
    private readonly send: SendCall,
    private readonly per: Record<LoadKind, number> = { read: 2, write: 2 },
    private readonly label = 'faults',
  ) {}

  start(): void {
    this.running = true;
    for (const kind of ['read', 'write'] as const)
      for (let i = 0; i < this.per[kind]; i++) this.workers.push(this.worker(kind));
  }

  /** Stops sending and waits for the calls in flight. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private async worker(kind: LoadKind): Promise<void> {
    while (this.running) {
      const id = `${this.label}-${kind}-${++this.seq}-${Date.now()}`;
      const started = Date.now();
      let answer: LoadAnswer;
      try {
        const res = await this.send(kind, id);
        const body = (res.body ?? {}) as { code?: string; message?: string };
        const retryAfter = res.headers['retry-after'];
        answer = {
          kind,
          id,
          started,
          ms: Date.now() - started,
          status: res.status,
          code: body.code,
          message: body.message,
          retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
        };
      } catch (err) {
        answer = {
          kind,
          id,
          started,
          ms: Date.now() - started,
          status: 0,
          message: String((err as Error).message),
        };
      }
      this.answers.push(answer);
      // A bounded load: a short gap between calls, longer after a refusal, which answers at once.
      await pause(answer.status >= 500 || answer.status === 0 ? 100 : 20);
    }
  }

  /** Waits until `count` writes have been answered 2xx (the load is under way). */
  async warmedUp(count = 3, timeoutMs = 30_000): Promise<void> {
    await this.until(
      () => this.answers.filter((a) => a.kind === 'write' && ok(a)).length >= count,
      timeoutMs,
      'load warmed up',
    );
  }

  /**
   * Milliseconds from `since` (the server's return) until both a read and a write sent after it have
   * been answered 2xx; rejects when that does not happen within `timeoutMs`.
   */
  async recoveredAfter(since: number, timeoutMs = 30_000): Promise<number> {
    const firstOk = (kind: LoadKind) =>
      this.answers.find((a) => a.kind === kind && a.started >= since && ok(a));
    await this.until(() => !!firstOk('read') && !!firstOk('write'), timeoutMs, 'recovery');
    return Math.max(...(['read', 'write'] as const).map((k) => firstOk(k)!.started + firstOk(k)!.ms - since));
  }

  /**
   * Waits until a call sent after `since` was answered 503 (the fault is visible to callers) and
   * returns when that call was sent: calls sent after it cannot have been served by the old server.
   */
  async unavailableAfter(since: number, timeoutMs = 30_000): Promise<number> {
    const refused = () => this.answers.find((a) => a.started >= since && a.status === 503);
    await this.until(() => !!refused(), timeoutMs, '503 during the fault');
    return refused()!.started;
  }

  private async until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline)
        throw new Error(
          `${what}: not within ${timeoutMs} ms; last answers ${JSON.stringify(this.answers.slice(-4))}`,
        );
      await pause(50);
    }
  }

  /** Request ids of the writes answered 2xx: each must be in the database afterwards. */
  acknowledgedWrites(): string[] {
    return this.answers.filter((a) => a.kind === 'write' && ok(a)).map((a) => a.id);
  }

  /** Request ids of the writes answered 2xx that have no audit row: `query` runs SQL on the auth context's database. */
  async lostWrites(
    query: (sql: string, params: unknown[]) => Promise<Array<{ request_id: string }>>,
  ): Promise<string[]> {
    const acknowledged = this.acknowledgedWrites();
    const rows = await query(
      `SELECT request_id FROM auth.audit_log WHERE action = 'identity.details-saved' AND request_id = ANY($1)`,
      [acknowledged],
    );
    const stored = new Set(rows.map((r) => r.request_id));
    return acknowledged.filter((id) => !stored.has(id));
  }

  /** Answers that are neither 2xx nor a proper 503 (vocabulary code, shared message, Retry-After). */
  wrongAnswers(): LoadAnswer[] {
    return this.answers.filter((a) => !ok(a) && !properUnavailable(a));
  }

  summary() {
    const count = (f: (a: LoadAnswer) => boolean) => this.answers.filter(f).length;
    return {
      calls: this.answers.length,
      ok: count(ok),
      unavailable: count((a) => a.status === 503),
      internalErrors: count((a) => a.status === 500),
      noAnswer: count((a) => a.status === 0),
      maxMs: Math.max(0, ...this.answers.map((a) => a.ms)),
    };
  }
}

const ok = (a: LoadAnswer) => a.status >= 200 && a.status < 300;
const properUnavailable = (a: LoadAnswer) =>
  a.status === 503 &&
  a.code === 'SERVICE.UNAVAILABLE' &&
  a.message === MESSAGES.serviceUnavailable &&
  !!a.retryAfter &&
  Number(a.retryAfter) > 0;
