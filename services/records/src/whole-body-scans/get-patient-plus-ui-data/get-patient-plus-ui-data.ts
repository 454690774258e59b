import { Injectable } from '@nestjs/common';
import type { PatientPlusLauncher } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ScanRepository } from '../scan.repository';
import { auditScanRead } from '../scan-audit';

/** GET getPatientPlusUIData: the 'view on' launchers of the facilities where the caller has scans. Audited. */
@Injectable()
export class GetPatientPlusUIData {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly scans: ScanRepository,
  ) {}

  async execute(userId: string, caller: Caller): Promise<PatientPlusLauncher[]> {
    const rows = await this.scans.launchers(this.kit.db, userId);
    await auditScanRead(this.kit, caller, userId, { action: 'records.wbs-launchers-read', scanId: null });
    return rows.map((r) => ({
      organization_id: r.custodian_id,
      title: r.launcher_title,
      url: r.launcher_url,
    }));
  }
}
