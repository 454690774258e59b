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
import { listInstances, retrieveInstance, retrieveSeries } from './wado-retrieve';
import { pooled } from '../pooled';
import { Bounded, bySeries, ChunkStore } from './move-pipeline';
import { indexFile } from '../instances/dicom-index/index-files';

/** Instances fetched at once from one source: enough to fill the pipe, few enough to be a polite client. */
export const MOVE_CONCURRENCY = 8;
/** Series retrieved at once (each one streaming request). */
const SERIES_CONCURRENCY = 2;
const LEASE_MS = 60_000;
const POLL_MS = 500;
const WAKE_MS = [20, 60, 150, 300];
/** Fetched instances waiting for the index thread at most (memory: about 0.5 MB each for a CT). */
const INDEXING = 16;
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

  /**
   * A move was just queued by a consumer whose transaction commits within moments: look a few times
   * soon rather than at the next poll (a look before the commit finds nothing; a later one takes it).
   */
  wake(): void {
    for (const ms of WAKE_MS) setTimeout(() => void this.tick(), ms).unref();
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
      const progress = { total: remote.length, done: remote.length - todo.length, bytes: 0 };
      const chunks = new ChunkStore(async (parts) => {
        const result = await this.kit.transaction((tx) =>
          this.store.store(tx, { userId: move.user_id, patientRequestId: move.patient_request_id }, parts),
        );
        // Refused for want of room (the patient's storage quota): the move cannot complete.
        if (result.failed.length)
          throw new SourceError(
            `${result.failed.length} instance(s) could not be stored: ${result.failed[0].reason}`,
          );
        progress.done += parts.length;
        progress.bytes += parts.reduce((n, p) => n + p.bytes.length, 0);
        // False: another process holds the move now (this one's lease ran out); it stops here.
        return this.moves.progress(this.kit.db, move.patient_request_id, this.owner, progress, LEASE_MS);
      });
      // Each instance is indexed (in the index thread) while more arrive: the network and the parse
      // overlap, with at most INDEXING instances waiting for the thread. Only the instances listed are
      // taken, each once.
      const expected = new Set(todo.map((i) => i.sop));
      const indexing = new Bounded(INDEXING);
      const keep = (bytes: Buffer, name: string) =>
        indexing.start(async () => {
          const indexed = await indexFile({ name, bytes });
          if ('reason' in indexed)
            throw new SourceError(`An instance of the answer is not DICOM (${indexed.reason})`);
          const a = indexed.attributes;
          if (a.studyInstanceUid !== study || !expected.delete(a.sopInstanceUid))
            throw new SourceError('The facility answered an instance it did not list for the study');
          await chunks.add(indexed);
        });
      const deadline = (instances: number) => Date.now() + INSTANCE_MS * (1 + instances / 30);
      await pooled(bySeries(remote), SERIES_CONCURRENCY, async ({ series, sops }) => {
        const missing = sops.filter((sop) => expected.has(sop));
        if (!missing.length) return;
        if (missing.length === sops.length) {
          // A whole series: one streaming request.
          let n = 0;
          for await (const bytes of retrieveSeries(
            this.client,
            source,
            move.wado_root,
            study,
            series,
            deadline(sops.length),
          ))
            await keep(bytes, `instance ${++n} of series ${series}`);
          return;
        }
        // What a resumed move still lacks of a series: instance by instance.
        await pooled(missing, MOVE_CONCURRENCY, async (sop) =>
          keep(
            await retrieveInstance(this.client, source, move.wado_root, study, { series, sop }, deadline(1)),
            `instance ${sop}`,
          ),
        );
      });
      await indexing.drain();
      if (expected.size)
        throw new SourceError(
          `The facility answered ${todo.length - expected.size} of the ${todo.length} instances listed`,
        );
      if (!(await chunks.finish())) return;
      await this.finish(move, remote.length, Date.now() - started, progress.bytes);
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
