import { Injectable } from '@nestjs/common';
import type { ConsultationStatus, MeetingRole } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

export interface MeetingRow {
  id: string;
  consultation_id: string;
  scheduled_start: Date;
  scheduled_end: Date;
  ended_at: Date | null;
  /** The participant (link) of the scan's patient, and of the meeting's host. */
  patient_participant_id: string | null;
  host_participant_id: string | null;
}

export interface ConsultationRow {
  id: string;
  scan_id: string;
  user_id: string;
  note: string;
  status: ConsultationStatus;
  created: Date;
}

export interface InboxRow extends ConsultationRow {
  scan_date: string;
  custodian_id: string;
  organization_name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  days_waiting: number;
}

/** A consultation at one of a facility's scans, with what scheduling a meeting needs of it. */
export interface FacilityConsultationRow extends ConsultationRow {
  scan_user_id: string;
  scan_date: string;
  custodian_id: string;
  organization_name: string;
  first_name: string;
  last_name: string;
}

export interface NewParticipant {
  id: string;
  userId: string;
  role: MeetingRole;
  displayName: string;
}

/** All SQL of consultation requests and the meetings the facility schedules for them. */
@Injectable()
export class ConsultationRepository {
  forScan(db: Queryable, scanId: string): Promise<ConsultationRow[]> {
    return db.query(
      `SELECT id, scan_id, user_id, note, status, created FROM records.wbs_consultations WHERE scan_id = $1 ORDER BY created, id`,
      [scanId],
    );
  }

  /** The meetings of these consultations, with the scan patient's and the host's participant. */
  meetings(db: Queryable, consultationIds: string[]): Promise<MeetingRow[]> {
    if (!consultationIds.length) return Promise.resolve([]);
    return db.query(
      `SELECT m.id, m.consultation_id, m.scheduled_start, m.scheduled_end, m.ended_at,
         (SELECT p.id FROM records.video_meeting_participants p WHERE p.meeting_id = m.id AND p.user_id = s.user_id LIMIT 1) AS patient_participant_id,
         (SELECT p.id FROM records.video_meeting_participants p WHERE p.meeting_id = m.id AND p.role = 'HOST' ORDER BY p.id LIMIT 1) AS host_participant_id
       FROM records.video_meetings m
       JOIN records.wbs_consultations c ON c.id = m.consultation_id
       JOIN records.whole_body_scans s ON s.id = c.scan_id
       WHERE m.consultation_id = ANY($1::uuid[]) ORDER BY m.scheduled_start, m.id`,
      [consultationIds],
    );
  }

  async insert(
    tx: Queryable,
    c: {
      id: string;
      scanId: string;
      userId: string;
      note: string;
      created?: Date;
      status?: ConsultationStatus;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO records.wbs_consultations (id, scan_id, user_id, note, status, created) VALUES ($1,$2,$3,$4,$5,$6)
       ON CONFLICT (id) DO NOTHING`,
      [c.id, c.scanId, c.userId, c.note, c.status ?? 'REQUESTED', c.created ?? new Date()],
    );
  }

  /** The consultations of the facilities' scans: those waiting for a meeting first, then the oldest first. */
  async inbox(
    db: Queryable,
    custodianIds: string[],
    limit: number,
  ): Promise<{ total: number; rows: InboxRow[] }> {
    const [{ total }] = await db.query(
      `SELECT count(*)::int AS total FROM records.wbs_consultations c JOIN records.whole_body_scans s ON s.id = c.scan_id
       WHERE s.custodian_id = ANY($1::uuid[])`,
      [custodianIds],
    );
    const rows: InboxRow[] = await db.query(
      `SELECT c.id, c.scan_id, c.user_id, c.note, c.status, c.created, to_char(s.scan_date, 'YYYY-MM-DD') AS scan_date,
         s.custodian_id, f.name AS organization_name, s.first_name, s.last_name, r.email,
         floor(extract(epoch FROM (now() - c.created)) / 86400)::int AS days_waiting
       FROM records.wbs_consultations c JOIN records.whole_body_scans s ON s.id = c.scan_id
       JOIN records.wbs_facilities f ON f.custodian_id = s.custodian_id
       LEFT JOIN records.wbs_recipients r ON r.user_id = s.user_id
       WHERE s.custodian_id = ANY($1::uuid[])
       ORDER BY (c.status = 'REQUESTED') DESC, c.created, c.id LIMIT $2`,
      [custodianIds, limit],
    );
    return { total, rows };
  }

  /** A consultation of one of these facilities' scans, locked for the change; another facility's is null. */
  async lockAtFacilities(
    tx: Queryable,
    consultationId: string,
    custodianIds: string[],
  ): Promise<FacilityConsultationRow | null> {
    const [row] = await tx.query(
      `SELECT c.id, c.scan_id, c.user_id, c.note, c.status, c.created, s.user_id AS scan_user_id,
         to_char(s.scan_date, 'YYYY-MM-DD') AS scan_date, s.custodian_id, f.name AS organization_name, s.first_name, s.last_name
       FROM records.wbs_consultations c JOIN records.whole_body_scans s ON s.id = c.scan_id
       JOIN records.wbs_facilities f ON f.custodian_id = s.custodian_id
       WHERE c.id = $1 AND s.custodian_id = ANY($2::uuid[]) FOR UPDATE OF c`,
      [consultationId, custodianIds],
    );
    return row ?? null;
  }

  async setStatus(tx: Queryable, consultationId: string, status: ConsultationStatus): Promise<void> {
    await tx.query(`UPDATE records.wbs_consultations SET status = $2 WHERE id = $1`, [
      consultationId,
      status,
    ]);
  }

  /** A meeting and its participants (each with their own link). Seeds give stable ids: a second insert changes nothing. */
  async insertMeeting(
    tx: Queryable,
    m: { id: string; consultationId: string; title: string; start: Date; end: Date },
    participants: NewParticipant[],
  ): Promise<void> {
    await tx.query(
      `INSERT INTO records.video_meetings (id, consultation_id, title, scheduled_start, scheduled_end) VALUES ($1,$2,$3,$4,$5)
       ON CONFLICT (id) DO NOTHING`,
      [m.id, m.consultationId, m.title, m.start, m.end],
    );
    for (const p of participants)
      await tx.query(
        `INSERT INTO records.video_meeting_participants (id, meeting_id, user_id, role, display_name) VALUES ($1,$2,$3,$4,$5)
         ON CONFLICT DO NOTHING`,
        [p.id, m.id, p.userId, p.role, p.displayName],
      );
  }

  /** A meeting not ended moves to a new window (the demo's meeting that is open after every start). */
  async renewWindow(tx: Queryable, meetingId: string, start: Date, end: Date): Promise<void> {
    await tx.query(
      `UPDATE records.video_meetings SET scheduled_start = $2, scheduled_end = $3 WHERE id = $1 AND ended_at IS NULL`,
      [meetingId, start, end],
    );
  }
}
