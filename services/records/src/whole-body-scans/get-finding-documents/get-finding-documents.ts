import { Injectable } from '@nestjs/common';
import type { FindingDocuments } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ScanRepository } from '../scan.repository';
import { auditScanRead } from '../scan-audit';
import { findingNotFound, scanNotFound } from '../whole-body-scans.errors';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** GET wholeBodyScan/{id}/findingDocuments/{findingId}: the finding's key images, PDF reports and next steps. Audited. */
@Injectable()
export class GetFindingDocuments {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly scans: ScanRepository,
  ) {}

  async execute(
    userId: string,
    scanId: string,
    findingId: string,
    caller: Caller,
  ): Promise<FindingDocuments> {
    if (!(await this.scans.findOwned(this.kit.db, userId, scanId))) throw scanNotFound();
    if (!(await this.scans.findingExists(this.kit.db, scanId, findingId))) throw findingNotFound();
    const docs = await this.scans.documents(this.kit.db, scanId, findingId);
    await auditScanRead(this.kit, caller, userId, {
      action: 'records.wbs-finding-documents-read',
      scanId,
      detail: { findingId },
    });
    const of = (kind: string) => docs.filter((d) => d.kind === kind).sort((a, b) => a.position - b.position);
    return {
      key_images: of('KEY_IMAGE').map((d) => ({
        id: d.id,
        study_instance_uid: text(d.value.study_instance_uid),
        series_instance_uid: text(d.value.series_instance_uid),
        sop_instance_uid: text(d.value.sop_instance_uid),
        frame: Number(d.value.frame ?? 1),
        caption: text(d.value.caption),
      })),
      pdf_reports: of('PDF_REPORT').map((d) => ({ id: d.id, value: { file_name: text(d.value.file_name) } })),
      recommended_next_steps: of('NEXT_STEP').map((d) => ({
        id: d.id,
        value: {
          title: text(d.value.title),
          subtitle: text(d.value.subtitle),
          content: text(d.value.content),
          enable: d.value.enable !== false,
        },
      })),
    };
  }
}
