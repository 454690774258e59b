import { Injectable } from '@nestjs/common';
import type { ProviderScanListItem } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { FacilityStaff } from '../facility-staff';
import { ScanRepository } from '../scan.repository';

export const PUBLISHED_LIMIT = 500;

/** GET wholeBodyScanFacility: the scans the caller's facilities published, newest first. Staff of none: 403. Audited. */
@Injectable()
export class ListPublishedScans {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly staff: FacilityStaff,
    private readonly scans: ScanRepository,
  ) {}

  async execute(callerId: string, caller: Caller): Promise<ProviderScanListItem[]> {
    const custodianIds = await this.staff.custodianIdsOf(this.kit.db, callerId);
    const rows = await this.scans.listPublished(this.kit.db, custodianIds, PUBLISHED_LIMIT);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.wbs-published-scans-read',
      resourceType: 'custodian',
      resourceId: custodianIds.join(','),
      detail: { scans: rows.length },
    });
    return rows.map((r) => ({
      id: r.id,
      scan_date: r.scan_date,
      created: new Date(r.created).toISOString(),
      organization: { id: r.custodian_id, name: r.organization_name },
      patient: { first_name: r.first_name, last_name: r.last_name },
      findings_count: r.findings_count,
    }));
  }
}
