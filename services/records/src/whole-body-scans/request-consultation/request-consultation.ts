import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ConsultationInput } from '@portal/contracts';
import { AppError, type Caller, InjectContext, logger, type UseCaseKit } from '@portal/server-kit';
import { ConsultationRepository } from '../consultation.repository';
import { ScanMails } from '../scan-mails';
import { ScanRepository } from '../scan.repository';
import { consultationFailed, scanNotFound } from '../whole-body-scans.errors';

/**
 * POST wholeBodyScan/requestConsultation: the patient asks the facility of one of their scans for a
 * consultation (another patient's scan: 404). The request and its audit row are one transaction; the
 * facility sees it in its inbox and the patient is mailed a confirmation. A failure of ours answers
 * the spec's own message.
 */
@Injectable()
export class RequestConsultation {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly scans: ScanRepository,
    private readonly consultations: ConsultationRepository,
    private readonly mails: ScanMails,
  ) {}

  async execute(
    user: { sub: string; email?: string | null },
    input: ConsultationInput,
    caller: Caller,
  ): Promise<{ id: string }> {
    const scan = await this.scans.findOwned(this.kit.db, user.sub, input.wholeBodyScanId);
    if (!scan) throw scanNotFound();
    const id = randomUUID();
    try {
      await this.kit.transaction(async (tx) => {
        await this.consultations.insert(tx, { id, scanId: scan.id, userId: user.sub, note: input.note });
        await this.kit.audit.record(tx, caller, {
          action: 'records.wbs-consultation-requested',
          resourceType: 'whole_body_scan',
          resourceId: scan.id,
          subjectId: user.sub,
          detail: { consultationId: id },
        });
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      logger.error({ err: String((err as Error)?.message ?? err) }, 'consultation request not saved');
      throw consultationFailed();
    }
    await this.mails.consultationRequested(this.kit.db, user.sub, user.email ?? null, {
      facility: scan.organization_name,
      scanDate: scan.scan_date,
    });
    return { id };
  }
}
