import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27: whole body scans (simonOne), their findings and documents, consultations, follow-ups, and
 * the video meetings of consultations. A scan belongs to the account (user_id) and the person it is
 * about (person_id: the holder or a family member), like a library request.
 */
export class RecordsWholeBodyScans1767400000000 implements MigrationInterface {
  name = 'RecordsWholeBodyScans1767400000000';

  async up(q: QueryRunner): Promise<void> {
    // Facilities that do whole body scans: their 'view on' launcher (getPatientPlusUIData) and finding types.
    await q.query(`CREATE TABLE records.wbs_facilities (custodian_id uuid PRIMARY KEY, name text NOT NULL,
      launcher_title text NOT NULL, launcher_url text NOT NULL)`);
    await q.query(`CREATE TABLE records.wbs_finding_types (id uuid PRIMARY KEY,
      custodian_id uuid NOT NULL REFERENCES records.wbs_facilities (custodian_id), name text NOT NULL,
      icon text NOT NULL, wiki text NOT NULL, body_parts text[] NOT NULL DEFAULT '{}', UNIQUE (custodian_id, name))`);
    // Provider staff of each facility (projection of provider.staff-assigned).
    await q.query(`CREATE TABLE records.wbs_staff (user_id uuid NOT NULL, custodian_id uuid NOT NULL,
      PRIMARY KEY (user_id, custodian_id))`);
    await q.query(`CREATE TABLE records.whole_body_scans (id uuid PRIMARY KEY, user_id uuid NOT NULL, person_id uuid NOT NULL,
      custodian_id uuid NOT NULL REFERENCES records.wbs_facilities (custodian_id), patient_request_id uuid,
      scan_date date NOT NULL, first_name text NOT NULL, last_name text NOT NULL, patient_sex text NOT NULL,
      prior_scan_id uuid REFERENCES records.whole_body_scans (id), published_by uuid NOT NULL,
      created timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX whole_body_scans_user ON records.whole_body_scans (user_id, scan_date DESC)`);
    await q.query(
      `CREATE INDEX whole_body_scans_custodian ON records.whole_body_scans (custodian_id, created DESC)`,
    );
    await q.query(`CREATE TABLE records.wbs_findings (id uuid PRIMARY KEY,
      scan_id uuid NOT NULL REFERENCES records.whole_body_scans (id) ON DELETE CASCADE,
      parent_id uuid REFERENCES records.wbs_findings (id) ON DELETE CASCADE,
      finding_type_id uuid NOT NULL REFERENCES records.wbs_finding_types (id), outcome text,
      pathology_name text, pathology_description text, prior_finding_id uuid REFERENCES records.wbs_findings (id),
      position int NOT NULL)`);
    await q.query(`CREATE INDEX wbs_findings_scan ON records.wbs_findings (scan_id, position)`);
    // A finding's documents (KEY_IMAGE, PDF_REPORT, NEXT_STEP) and a scan's VIDEO_REPORTs (finding_id null).
    await q.query(`CREATE TABLE records.wbs_documents (id uuid PRIMARY KEY,
      scan_id uuid NOT NULL REFERENCES records.whole_body_scans (id) ON DELETE CASCADE,
      finding_id uuid REFERENCES records.wbs_findings (id) ON DELETE CASCADE, kind text NOT NULL,
      value jsonb NOT NULL, blob_key text, content_type text, size bigint, position int NOT NULL)`);
    await q.query(
      `CREATE INDEX wbs_documents_finding ON records.wbs_documents (scan_id, finding_id, kind, position)`,
    );
    await q.query(`CREATE TABLE records.wbs_consultations (id uuid PRIMARY KEY,
      scan_id uuid NOT NULL REFERENCES records.whole_body_scans (id) ON DELETE CASCADE, user_id uuid NOT NULL,
      note text NOT NULL, status text NOT NULL DEFAULT 'REQUESTED', created timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX wbs_consultations_scan ON records.wbs_consultations (scan_id, created)`);
    // Follow-up tasks: one per enabled recommended next step (beyond the spec).
    await q.query(`CREATE TABLE records.wbs_follow_ups (id uuid PRIMARY KEY,
      next_step_id uuid NOT NULL UNIQUE REFERENCES records.wbs_documents (id) ON DELETE CASCADE, user_id uuid NOT NULL,
      due_date date NOT NULL, done_at timestamptz, reminded_at timestamptz, result_document_id uuid)`);
    await q.query(
      `CREATE INDEX wbs_follow_ups_due ON records.wbs_follow_ups (due_date) WHERE done_at IS NULL`,
    );
    // Video meetings of a consultation and their participants; each participant has their own link.
    await q.query(`CREATE TABLE records.video_meetings (id uuid PRIMARY KEY,
      consultation_id uuid NOT NULL REFERENCES records.wbs_consultations (id) ON DELETE CASCADE,
      title text NOT NULL, scheduled_start timestamptz NOT NULL, scheduled_end timestamptz NOT NULL,
      ended_at timestamptz, created timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE records.video_meeting_participants (id uuid PRIMARY KEY,
      meeting_id uuid NOT NULL REFERENCES records.video_meetings (id) ON DELETE CASCADE, user_id uuid NOT NULL,
      role text NOT NULL, display_name text NOT NULL, state text NOT NULL DEFAULT 'AWAY',
      token_hash text, seen_at timestamptz, UNIQUE (meeting_id, user_id))`);
    // The room's events (signals, peer lists, admitted, ended), read by each participant's long poll.
    await q.query(`CREATE TABLE records.video_meeting_events (seq bigserial PRIMARY KEY,
      meeting_id uuid NOT NULL REFERENCES records.video_meetings (id) ON DELETE CASCADE,
      to_participant uuid, body jsonb NOT NULL, created timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX video_meeting_events_meeting ON records.video_meeting_events (meeting_id, seq)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE records.video_meeting_events, records.video_meeting_participants, records.video_meetings,
      records.wbs_follow_ups, records.wbs_consultations, records.wbs_documents, records.wbs_findings,
      records.whole_body_scans, records.wbs_staff, records.wbs_finding_types, records.wbs_facilities`);
  }
}
