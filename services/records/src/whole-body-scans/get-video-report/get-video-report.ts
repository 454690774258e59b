import { Injectable } from '@nestjs/common';
import { RECORDS_API, type VideoReportAnswer } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DownloadIdentifiers } from '../../attachments/download-identifiers';
import { ScanRepository } from '../scan.repository';
import { auditScanRead } from '../scan-audit';
import { scanNotFound, videoReportNotFound } from '../whole-body-scans.errors';

/** A video plays and seeks (a range request each time) for far longer than a download takes. */
export const VIDEO_IDENTIFIER_TTL_SECONDS = 4 * 60 * 60;

/**
 * GET wholeBodyScan/{id}/videoReport/{videoReportId}: where the video streams from, a download
 * identifier's url (the download route answers range requests, so the player seeks). Audited.
 */
@Injectable()
export class GetVideoReport {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly scans: ScanRepository,
    private readonly identifiers: DownloadIdentifiers,
  ) {}

  async execute(userId: string, scanId: string, videoId: string, caller: Caller): Promise<VideoReportAnswer> {
    if (!(await this.scans.findOwned(this.kit.db, userId, scanId))) throw scanNotFound();
    const video = await this.scans.document(this.kit.db, scanId, null, videoId);
    if (!video || video.kind !== 'VIDEO_REPORT' || !video.blob_key) throw videoReportNotFound();
    const { identifier } = await this.identifiers.issue(
      this.kit.db,
      userId,
      {
        blobKey: video.blob_key,
        fileName: String(video.value.file_name ?? 'video'),
        contentType: video.content_type ?? 'application/octet-stream',
      },
      new Date(),
      VIDEO_IDENTIFIER_TTL_SECONDS,
    );
    await auditScanRead(this.kit, caller, userId, {
      action: 'records.wbs-video-opened',
      scanId,
      detail: { videoReportId: video.id },
    });
    return { url: RECORDS_API.download(identifier) };
  }
}
