import { Injectable } from '@nestjs/common';
import {
  BACKUP_ZIP_STUDIES,
  type BackupStatus,
  DOWNLOAD_TOKEN_TTL_SECONDS,
  IMAGING_API,
} from '@portal/contracts';
import { InjectContext, type UseCaseKit, ViewerTokens } from '@portal/server-kit';
import { ExportRepository } from '../bulk-export/export.repository';
import { LibraryRepository } from '../../library/library.repository';
import { backupStatusOf } from './backup-status';

/**
 * GET /api/fhirAccess/backup: the patient's last "Download everything": its NDJSON files, and the images
 * as zips streamed by imaging (Download All) with download tokens of the patient's own studies (those
 * added since an incremental backup's start), made at each read so a link is good for 10 minutes.
 */
@Injectable()
export class GetBackup {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly exports: ExportRepository,
    private readonly library: LibraryRepository,
    private readonly tokens: ViewerTokens,
  ) {}

  async execute(userId: string): Promise<BackupStatus> {
    const job = await this.exports.latest(this.kit.db, userId, 'backup');
    if (job?.status !== 'completed') return backupStatusOf(job);
    const uids = await this.library.ownStudyUids(this.kit.db, userId, job.since);
    const images: BackupStatus['images'] = [];
    for (let i = 0; i < uids.length; i += BACKUP_ZIP_STUDIES) {
      const studies = uids.slice(i, i + BACKUP_ZIP_STUDIES);
      const token = await this.tokens.sign(
        { sub: userId, owner: userId, studies, purpose: 'download' },
        DOWNLOAD_TOKEN_TTL_SECONDS,
      );
      images.push({ url: IMAGING_API.archive(token), studies: studies.length });
    }
    return backupStatusOf(job, images);
  }
}
