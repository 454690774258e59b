import { Inject, Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { logger } from '@portal/server-kit';

/** How many pieces of work may wait or run at once; the default of AFTER_ANSWER_LIMIT. */
export const AFTER_ANSWER_DEFAULT_LIMIT = 200;
export const AFTER_ANSWER_LIMIT = Symbol('AFTER_ANSWER_LIMIT');

/**
 * Work a route does after its answer has gone out, so the answer's timing tells nothing of it (whether
 * an account exists, whether a mail went). Bounded: past the limit new work is refused and logged as an
 * error; a failure is logged with what it was; the context waits for work in flight before it stops.
 */
@Injectable()
export class AfterAnswer implements OnModuleDestroy {
  private readonly running = new Set<Promise<void>>();

  constructor(
    @Optional() @Inject(AFTER_ANSWER_LIMIT) private readonly limit: number = AFTER_ANSWER_DEFAULT_LIMIT,
  ) {}

  /** Starts `work` once the current answer has been written; `what` names it in the logs (no personal data). */
  run(what: string, work: () => Promise<void>): void {
    if (this.running.size >= this.limit) {
      logger.error({ what, running: this.running.size }, 'work after the answer refused: too much in flight');
      return;
    }
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => logger.error({ err, what }, 'work after the answer failed'));
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  /** Resolves once every piece of work started so far has ended (specs, shutdown). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  onModuleDestroy(): Promise<void> {
    return this.settled();
  }
}
