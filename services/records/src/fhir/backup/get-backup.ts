import { Injectable } from '@nestjs/common';
import type { BackupStatus } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ExportRepository } from '../bulk-export/export.repository';
import { backupStatusOf } from './backup-status';

/** GET /api/fhirAccess/backup: the patient's last "Download everything" and its files. */
@Injectable()
export class GetBackup {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly exports: ExportRepository,
  ) {}

  async execute(userId: string): Promise<BackupStatus> {
    return backupStatusOf(await this.exports.latest(this.kit.db, userId, 'backup'));
  }
}
