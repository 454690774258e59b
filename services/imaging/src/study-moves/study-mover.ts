import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  CONFIG,
  FacilitySourceClient,
  InjectContext,
  logger,
  type PortalConfig,
  SourceError,
  SYSTEM_CALLER,
  type UseCaseKit,
} from '@portal/server-kit';
import { StoreInstances } from '../instances/store-instances/store-instances';
import { type StudyMove, StudyMoveRepository } from './study-move.repository';
import { listInstances, retrieveInstance } from './wado-retrieve';

/** Instances fetched at once from one source: enough to fill the pipe, few enough to be a polite client. */
export const MOVE_CONCURRENCY = 8;
/** Instances stored per transaction (and per progress step); the next chunk downloads while one is stored. */
const CHUNK = 48;
const LEASE_MS = 60_000;
const POLL_MS = 500;
/** Attempts before the move gives up and the request goes to the facility; each waits longer. */
export const MOVE_ATTEMPTS = 3;
const RETRY_MS = [2_000, 10_000];
/** A whole attempt's deadline per instance fetched (the source's own timeout bounds each call too). */
const INSTANCE_MS = 60_000;

/**
 * Moves studies in from facility systems (Smart FHIR requests whose source serves WADO-RS), in the
 * background: one move at a time per process, a queue in the database with leases, so a restart or
 * another process carries on where one stopped, skipping instances already stored. Each chunk of
 * instances is stored like any delivery (StoreInstances: indexed, quota, `imaging.study-stored`),
 * then the request is announced indexed (`imaging.request-delivery-indexed`: requests completes it
 * and mails the patient) or, after MOVE_ATTEMPTS, failed (`imaging.study-move-failed`). Only the
 * requested study is kept: an instance of another study in the answer is refused.
 */
@Injectable()
export class StudyMover implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly client = new FacilitySourceClient();
  private readonly owner = `mover-${randomUUID()}`;
  private timer?: NodeJS.Timeout;
  private busy = false;
  private stopped = false;

  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly moves: StudyMoveRepository,
    private readonly store: StoreInstances,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), POLL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      let move: StudyMove | null;
      while (!this.stopped && (move = await this.moves.claim(this.kit.db, this.owner, LEASE_MS)))
        await this.attempt(move);
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'study move queue unavailable');
    } finally {
      this.busy = false;
    }
  }

  private async attempt(move: StudyMove): Promise<void> {
    const started = Date.now();
    try {
      const source = this.config.smartFhirSources.find((s) => s.id === move.source_id);
      if (!source) throw new SourceError('The facility system is no longer configured');
      const study = move.study_instance_uid;
      const remote = await listInstances(
        this.client,
        source,
        move.wado_root,
        study,
        Date.now() + INSTANCE_MS,
      );
      if (!remote.length) throw new SourceError('The facility holds no instance of the study');
      const stored = await this.moves.storedInstances(this.kit.db, move.user_id, study);
      const todo = remote.filter((i) => !stored.has(i.sop));
      let done = remote.length - todo.length;
      let bytes = 0;
      const fetchChunk = (from: number) =>
        pooled(todo.slice(from, from + CHUNK), MOVE_CONCURRENCY, (i) =>
          retrieveInstance(this.client, source, move.wado_root, study, i, Date.now() + INSTANCE_MS),
        );
      let next: Promise<Buffer[]> | null = todo.length ? fetchChunk(0) : null;
      for (let from = 0; next; from += CHUNK) {
        const files = await next;
        next = from + CHUNK < todo.length ? fetchChunk(from + CHUNK) : null;
        next?.catch(() => undefined);
        const result = await this.store.execute(
          { userId: move.user_id, patientRequestId: move.patient_request_id },
          files.map((bytes, k) => ({ name: `instance ${from + k + 1}`, bytes })),
          SYSTEM_CALLER,
        );
        const foreign = result.accepted.filter((a) => a.studyInstanceUid !== study);
        if (result.failed.length || foreign.length)
          throw new SourceError(
            `${result.failed.length + foreign.length} instance(s) of the answer were not the study or not DICOM`,
          );
        done += files.length;
        bytes += files.reduce((n, f) => n + f.length, 0);
        const progress = { total: remote.length, done, bytes };
        if (
          !(await this.moves.progress(this.kit.db, move.patient_request_id, this.owner, progress, LEASE_MS))
        )
          return; // another process holds it now
      }
      await this.finish(move, remote.length, Date.now() - started, bytes);
    } catch (err) {
      await this.failed(move, err);
    }
  }

  private async finish(move: StudyMove, instances: number, ms: number, bytes: number): Promise<void> {
    await this.kit.transaction(async (tx) => {
      await this.moves.done(tx, move.patient_request_id);
      await this.kit.events.record(tx, 'imaging.request-delivery-indexed', {
        patientRequestId: move.patient_request_id,
        userId: move.user_id,
        studies: 1,
        instances,
        at: new Date().toISOString(),
      });
      await this.kit.audit.record(tx, SYSTEM_CALLER, {
        action: 'imaging.study-moved',
        resourceType: 'study',
        resourceId: move.study_instance_uid,
        subjectId: move.user_id,
        detail: { patientRequestId: move.patient_request_id, source: move.source_id, instances, bytes, ms },
      });
    });
    logger.info({ patientRequestId: move.patient_request_id, instances, bytes, ms }, 'study moved');
  }

  private async failed(move: StudyMove, err: unknown): Promise<void> {
    const reason =
      err instanceof SourceError ? err.message : 'The study could not be stored from the facility system';
    if (!(err instanceof SourceError)) logger.warn({ err: (err as Error).message }, 'study move failed');
    const last = move.attempts + 1 >= MOVE_ATTEMPTS;
    await this.kit.transaction(async (tx) => {
      await this.moves.attemptFailed(
        tx,
        move.patient_request_id,
        reason,
        last ? null : RETRY_MS[move.attempts],
      );
      if (!last) return;
      await this.kit.events.record(tx, 'imaging.study-move-failed', {
        patientRequestId: move.patient_request_id,
        userId: move.user_id,
        reason,
        at: new Date().toISOString(),
      });
      await this.kit.audit.record(tx, SYSTEM_CALLER, {
        action: 'imaging.study-move-failed',
        resourceType: 'study',
        resourceId: move.study_instance_uid,
        subjectId: move.user_id,
        detail: { patientRequestId: move.patient_request_id, source: move.source_id, reason },
      });
    });
  }
}

/** `work` over `items`, at most `limit` at once, results in order; the first failure fails the whole. */
const pooled = async <T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const k = next++;
      out[k] = await work(items[k]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
};
