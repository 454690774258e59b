import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ScheduleMeetingInput } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ConsultationRepository } from '../consultation.repository';
import { FacilityRepository } from '../facility.repository';
import { FacilityStaff } from '../facility-staff';
import { ScanMails } from '../scan-mails';
import { meetingLink } from '../scan.mapper';
import { consultationClosed, consultationNotFound } from '../whole-body-scans.errors';

export const MEETING_TITLE = 'Whole body scan consultation';

/**
 * POST wholeBodyScanFacility/consultations/{id}/meetings: a video meeting for a consultation of one of
 * the caller's facilities (another facility's: 404; staff of none: 403). In one transaction: the meeting,
 * its two participants, each with their own link (the scan's patient as guest, the caller as host), the
 * consultation SCHEDULED, the audit row. Then the patient is mailed their link and the time.
 */
@Injectable()
export class ScheduleMeeting {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly staff: FacilityStaff,
    private readonly consultations: ConsultationRepository,
    private readonly facilities: FacilityRepository,
    private readonly mails: ScanMails,
  ) {}

  async execute(
    callerId: string,
    consultationId: string,
    input: ScheduleMeetingInput,
    caller: Caller,
  ): Promise<{ id: string; host_link: string }> {
    const custodianIds = await this.staff.custodianIdsOf(this.kit.db, callerId);
    const hostName = (await this.facilities.holderName(this.kit.db, callerId)) ?? 'Care team';
    const start = new Date(input.scheduledStart);
    const end = new Date(start.getTime() + input.durationMinutes * 60_000);
    const ids = { meeting: randomUUID(), patient: randomUUID(), host: randomUUID() };
    const consultation = await this.kit.transaction(async (tx) => {
      const c = await this.consultations.lockAtFacilities(tx, consultationId, custodianIds);
      if (!c) throw consultationNotFound();
      if (c.status !== 'REQUESTED' && c.status !== 'SCHEDULED') throw consultationClosed();
      await this.consultations.insertMeeting(
        tx,
        { id: ids.meeting, consultationId: c.id, title: MEETING_TITLE, start, end },
        [
          {
            id: ids.patient,
            userId: c.scan_user_id,
            role: 'GUEST',
            displayName: `${c.first_name} ${c.last_name}`.trim() || 'Patient',
          },
          { id: ids.host, userId: callerId, role: 'HOST', displayName: hostName },
        ],
      );
      await this.consultations.setStatus(tx, c.id, 'SCHEDULED');
      await this.kit.audit.record(tx, caller, {
        action: 'records.wbs-meeting-scheduled',
        resourceType: 'whole_body_scan',
        resourceId: c.scan_id,
        subjectId: c.scan_user_id,
        detail: { consultationId: c.id, meetingId: ids.meeting, start: start.toISOString() },
      });
      return c;
    });
    await this.mails.meetingScheduled(this.kit.db, consultation.scan_user_id, {
      facility: consultation.organization_name,
      start,
      durationMinutes: input.durationMinutes,
      link: meetingLink(ids.meeting, ids.patient),
    });
    return { id: ids.meeting, host_link: meetingLink(ids.meeting, ids.host) };
  }
}
