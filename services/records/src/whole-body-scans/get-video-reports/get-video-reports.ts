import { Injectable } from '@nestjs/common';
import type { VideoReport } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ScanRepository } from '../scan.repository';
import { auditScanRead } from '../scan-audit';
import { scanNotFound } from '../whole-body-scans.errors';

/** GET wholeBodyScan/{id}/videoReports: the scan's video reports (names only; videoReport/{id} gives the url). Audited. */
@Injectable()
export class GetVideoReports {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly scans: ScanRepository,
  ) {}

  async execute(userId: string, scanId: string, caller: Caller): Promise<VideoReport[]> {
    if (!(await this.scans.findOwned(this.kit.db, userId, scanId))) throw scanNotFound();
    const videos = (await this.scans.documents(this.kit.db, scanId, null)).filter(
      (d) => d.kind === 'VIDEO_REPORT',
    );
    await auditScanRead(this.kit, caller, userId, { action: 'records.wbs-videos-read', scanId });
    return videos.map((v) => ({ id: v.id, file_name: String(v.value.file_name ?? 'video') }));
  }
}
