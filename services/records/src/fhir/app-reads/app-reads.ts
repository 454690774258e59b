import { Injectable } from '@nestjs/common';
import type { ConnectedAppReads } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { FHIR_READ_ACTIONS } from '../fhir-audit';
import { AppReadsRepository } from './app-reads.repository';

/**
 * GET /api/fhirAccess/appReads: for Settings > Connected apps, what each app the patient let in has
 * read of their record over FHIR (from records' audit): per authorization, the resources it was given
 * by type and when it last read. Reads that were given nothing (an empty search) still date the last read.
 */
@Injectable()
export class GetAppReads {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly repository: AppReadsRepository,
  ) {}

  async execute(userId: string): Promise<ConnectedAppReads[]> {
    const rows = await this.repository.readsOf(this.kit.db, userId, FHIR_READ_ACTIONS);
    const byApp = new Map<string, ConnectedAppReads>();
    for (const r of rows) {
      const app = byApp.get(r.authorization_id) ?? {
        authorizationId: r.authorization_id,
        lastReadAt: null,
        reads: [],
      };
      const at = new Date(r.last_read_at).toISOString();
      if (!app.lastReadAt || at > app.lastReadAt) app.lastReadAt = at;
      if (r.resource_type && r.count > 0) app.reads.push({ resourceType: r.resource_type, count: r.count });
      byApp.set(r.authorization_id, app);
    }
    return [...byApp.values()];
  }
}
