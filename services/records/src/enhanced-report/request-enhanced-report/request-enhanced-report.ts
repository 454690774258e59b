import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { IdentifierAnswer } from '@portal/contracts';
import {
  AppError,
  BLOB_STORE,
  type BlobStore,
  type Caller,
  InjectContext,
  logger,
  type UseCaseKit,
} from '@portal/server-kit';
import { AttachmentRepository } from '../../attachments/attachment.repository';
import { attachmentNotFound, recordNotFound } from '../../attachments/attachments.errors';
import { isEnhanceable } from '../../attachments/owned-response';
import { enhanceReportPdf } from '../enhance-report';
import { EnhancedReportRepository } from '../enhanced-report.repository';
import { notEnhanceable } from '../enhanced-report.errors';

/** Where the page of an enhanced report is kept. */
export const enhancedReportKey = (userId: string, identifier: string): string =>
  `records/enhanced/${userId}/${identifier}.html`;

/**
 * GET {patientRequestId}/enhancedReport/{attachmentId}: the patient-friendly version of one of the
 * caller's PDF reports. A ready (or still running) one of that document is reused; otherwise a row is
 * made and the work starts in the background: the report's text read, its terms explained, the page
 * stored and the row marked ready (or failed, with why). Answers the identifier to poll. Audited.
 */
@Injectable()
export class RequestEnhancedReport implements OnModuleDestroy {
  private readonly running = new Set<Promise<void>>();

  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly attachments: AttachmentRepository,
    private readonly reports: EnhancedReportRepository,
  ) {}

  async execute(
    userId: string,
    patientRequestId: string,
    attachmentId: string,
    caller: Caller,
  ): Promise<IdentifierAnswer> {
    if (!(await this.attachments.findOwnedRequest(this.kit.db, userId, patientRequestId)))
      throw recordNotFound();
    const doc = await this.attachments.findDocument(this.kit.db, userId, patientRequestId, attachmentId);
    if (!doc) throw attachmentNotFound();
    if (!isEnhanceable(doc)) throw notEnhanceable();
    const reusable = await this.reports.findReusable(this.kit.db, userId, doc.id);
    const identifier = reusable?.identifier ?? randomUUID();
    if (!reusable)
      await this.reports.insert(this.kit.db, { identifier, userId, patientRequestId, documentId: doc.id });
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.enhanced-report-requested',
      resourceType: 'document',
      resourceId: doc.id,
      subjectId: userId,
      detail: { identifier, reused: !!reusable },
    });
    if (!reusable) this.start(this.work(identifier, userId, doc.blob_key));
    return { identifier };
  }

  /** The background work of one report; never throws (a failure is kept on the row). */
  async work(identifier: string, userId: string, reportKey: string): Promise<void> {
    try {
      const { html } = await enhanceReportPdf(await this.blobs.read(reportKey));
      const key = enhancedReportKey(userId, identifier);
      await this.blobs.write(key, Buffer.from(html, 'utf8'), 'text/html');
      await this.reports.markReady(this.kit.db, identifier, key);
    } catch (err) {
      logger.warn({ err: String((err as Error)?.message ?? err), identifier }, 'enhanced report failed');
      const why =
        err instanceof AppError || (err instanceof Error && /could not be read|too long/.test(err.message))
          ? (err as Error).message
          : 'the report could not be processed';
      await this.reports.markFailed(this.kit.db, identifier, why).catch(() => undefined);
    }
  }

  private start(work: Promise<void>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  /** Work in flight finishes before the database pool closes. */
  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
