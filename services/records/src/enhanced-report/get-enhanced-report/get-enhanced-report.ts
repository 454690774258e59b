import { Injectable } from '@nestjs/common';
import type { EnhancedReportAnswer } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DownloadIdentifiers } from '../../attachments/download-identifiers';
import { EnhancedReportRepository } from '../enhanced-report.repository';
import { enhancedReportNotFound, enhancementFailed } from '../enhanced-report.errors';

/** The page's file name as the browser shows it. */
export const ENHANCED_REPORT_FILE = 'patient-friendly-report.html';

/**
 * GET enhancedReport/{identifier} (polled every 2 s by the owner): not ready yet, or ready with a
 * download identifier of the page; a failed (or lost) one answers 409 with why. Anyone else: 404.
 */
@Injectable()
export class GetEnhancedReport {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly reports: EnhancedReportRepository,
    private readonly identifiers: DownloadIdentifiers,
  ) {}

  async execute(userId: string, identifier: string, caller: Caller): Promise<EnhancedReportAnswer> {
    const report = await this.reports.findOwned(this.kit.db, userId, identifier);
    if (!report) throw enhancedReportNotFound();
    if (report.status === 'failed') throw enhancementFailed(report.error);
    if (report.stale) throw enhancementFailed(null);
    if (report.status !== 'ready' || !report.result_key) return { isReady: false, data: null };
    const data = await this.identifiers.issue(this.kit.db, userId, {
      blobKey: report.result_key,
      fileName: ENHANCED_REPORT_FILE,
      contentType: 'text/html',
    });
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.enhanced-report-opened',
      resourceType: 'document',
      resourceId: report.document_id,
      subjectId: userId,
      detail: { identifier },
    });
    return { isReady: true, data };
  }
}
