import { Injectable } from '@nestjs/common';
import type { FollowUpTask } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { FollowUpRepository } from '../follow-up.repository';
import { auditScanRead } from '../scan-audit';
import { toFollowUpTask } from './follow-up.mapper';

/** GET wholeBodyScan/followUps: the caller's follow-up tasks of all their scans, open ones first by due date. Audited. */
@Injectable()
export class ListFollowUps {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly followUps: FollowUpRepository,
  ) {}

  async execute(userId: string, caller: Caller): Promise<FollowUpTask[]> {
    const rows = await this.followUps.listOwned(this.kit.db, userId);
    await auditScanRead(this.kit, caller, userId, {
      action: 'records.wbs-follow-ups-read',
      scanId: null,
      detail: { tasks: rows.length },
    });
    return rows.map(toFollowUpTask);
  }
}
