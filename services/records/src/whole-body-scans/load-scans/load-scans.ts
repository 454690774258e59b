import { Injectable } from '@nestjs/common';
import type { WholeBodyScanListItem } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ScanRepository } from '../scan.repository';
import { toListItem } from '../scan.mapper';
import { auditScanRead } from '../scan-audit';

/** GET wholeBodyScan/loadGrid: the caller's scans, newest first, each with its count and most serious outcome. Audited. */
@Injectable()
export class LoadScans {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly scans: ScanRepository,
  ) {}

  async execute(userId: string, caller: Caller): Promise<WholeBodyScanListItem[]> {
    const rows = await this.scans.listOwned(this.kit.db, userId);
    await auditScanRead(this.kit, caller, userId, {
      action: 'records.wbs-list-read',
      scanId: null,
      detail: { scans: rows.length },
    });
    return rows.map(toListItem);
  }
}
