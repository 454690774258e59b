import { Injectable } from '@nestjs/common';
import { CONSULTATION_STATUS_NAMES, type ConsultationInboxPage } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ConsultationRepository } from '../consultation.repository';
import { FacilityStaff } from '../facility-staff';
import { meetingLink, toMeetingSummary } from '../scan.mapper';

/** The inbox shows at most this many consultations (the waiting ones first). */
export const INBOX_LIMIT = 500;

/**
 * GET wholeBodyScanFacility/consultations: the consultation requests of the caller's facilities, those
 * waiting for a meeting first, then the oldest first, each with its days waiting (the inbox's clock) and
 * its meetings with the host's link. Staff of no whole-body-scan facility: 403. Audited.
 */
@Injectable()
export class ListConsultations {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly staff: FacilityStaff,
    private readonly consultations: ConsultationRepository,
  ) {}

  async execute(callerId: string, caller: Caller): Promise<ConsultationInboxPage> {
    const custodianIds = await this.staff.custodianIdsOf(this.kit.db, callerId);
    const { total, rows } = await this.consultations.inbox(this.kit.db, custodianIds, INBOX_LIMIT);
    const meetings = await this.consultations.meetings(
      this.kit.db,
      rows.map((r) => r.id),
    );
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.wbs-consultations-read',
      resourceType: 'custodian',
      resourceId: custodianIds.join(','),
      detail: { consultations: rows.length },
    });
    return {
      total,
      data: rows.map((r) => ({
        id: r.id,
        whole_body_scan_id: r.scan_id,
        scan_date: r.scan_date,
        organization: { id: r.custodian_id, name: r.organization_name },
        patient: { first_name: r.first_name, last_name: r.last_name, email: r.email ?? '' },
        note: r.note,
        status: { mnemonic: r.status, name: CONSULTATION_STATUS_NAMES[r.status] ?? r.status },
        created: new Date(r.created).toISOString(),
        days_waiting: r.days_waiting,
        video_meetings: meetings
          .filter((m) => m.consultation_id === r.id)
          .map((m) => ({
            ...toMeetingSummary(m, m.patient_participant_id),
            host_link: m.host_participant_id ? meetingLink(m.id, m.host_participant_id) : '',
          })),
      })),
    };
  }
}
