import { Injectable } from '@nestjs/common';
import type { WholeBodyScan } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ConsultationRepository } from '../consultation.repository';
import { ScanRepository } from '../scan.repository';
import { findingsTree, scanPatient, toConsultRequest } from '../scan.mapper';
import { auditScanRead } from '../scan-audit';
import { scanNotFound } from '../whole-body-scans.errors';

/**
 * GET wholeBodyScan/{id}: one of the caller's scans with its findings tree (changes against the prior
 * scan) and its consultation requests with their meetings (the patient's own links). Another patient's
 * scan: 404. Audited.
 */
@Injectable()
export class GetScan {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly scans: ScanRepository,
    private readonly consultations: ConsultationRepository,
  ) {}

  async execute(userId: string, scanId: string, caller: Caller): Promise<WholeBodyScan> {
    const db = this.kit.db;
    const scan = await this.scans.findOwned(db, userId, scanId);
    if (!scan) throw scanNotFound();
    const [findings, resolved, consultations] = await Promise.all([
      this.scans.findings(db, scan.id),
      scan.prior_scan_id ? this.scans.unlinkedPriorFindings(db, scan.prior_scan_id, scan.id) : [],
      this.consultations.forScan(db, scan.id),
    ]);
    const meetings = await this.consultations.meetings(
      db,
      consultations.map((c) => c.id),
    );
    await auditScanRead(this.kit, caller, userId, { action: 'records.wbs-scan-read', scanId: scan.id });
    const patient = scanPatient(scan);
    return {
      id: scan.id,
      scan_date: scan.scan_date,
      created: new Date(scan.created).toISOString(),
      organization: { id: scan.custodian_id, name: scan.organization_name },
      patient,
      findings: findingsTree(findings, !!scan.prior_scan_id, resolved),
      consult_requests: consultations.map((c) =>
        toConsultRequest(c, { first_name: patient.first_name, last_name: patient.last_name }, meetings),
      ),
      prior_scan:
        scan.prior_scan_id && scan.prior_scan_date
          ? { id: scan.prior_scan_id, scan_date: scan.prior_scan_date }
          : null,
    };
  }
}
