import { Injectable } from '@nestjs/common';
import { type BackupStatus, FHIR_API } from '@portal/contracts';
import { type Caller, InjectContext, OWNER_FHIR_SCOPES, type UseCaseKit } from '@portal/server-kit';
import { BulkExports } from '../bulk-export/bulk-exports';
import { ExportRepository } from '../bulk-export/export.repository';
import { SEARCHABLE_TYPES } from '../resources/fhir-resources';
import { backupStatusOf } from './backup-status';

/**
 * POST /api/fhirAccess/backup: "Download everything" starts a Bulk Data export of the patient's whole
 * record for themself (their session reads it all), incremental: only what changed since the start of
 * the last completed backup, unless `full`. A backup already running is answered as it is.
 */
@Injectable()
export class StartBackup {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly exports: ExportRepository,
    private readonly bulkExports: BulkExports,
  ) {}

  async execute(userId: string, full: boolean, request: Caller): Promise<BackupStatus> {
    const last = full ? null : await this.exports.latest(this.kit.db, userId, 'backup', true);
    const since = last?.transaction_time;
    const fhir = {
      userId,
      patientId: userId,
      scopes: OWNER_FHIR_SCOPES,
      clientId: null,
      authorizationId: null,
    };
    const job = await this.bulkExports.begin(
      fhir,
      {
        kind: 'backup',
        types: [...SEARCHABLE_TYPES],
        since,
        request: `${FHIR_API.export(userId)}${since ? `?_since=${since.toISOString()}` : ''}`,
      },
      request,
      true,
    );
    return backupStatusOf(job);
  }
}
