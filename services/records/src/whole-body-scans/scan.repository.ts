import { Injectable } from '@nestjs/common';
import type { FindingOutcome, PatientSex } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';

export interface ScanRow {
  id: string;
  user_id: string;
  person_id: string;
  custodian_id: string;
  organization_name: string;
  patient_request_id: string | null;
  /** YYYY-MM-DD. */
  scan_date: string;
  created: Date;
  first_name: string;
  last_name: string;
  patient_sex: PatientSex;
  prior_scan_id: string | null;
  prior_scan_date: string | null;
}

export interface ScanListRow extends ScanRow {
  findings_count: number;
  /** 0 none, 1 informational, 2 minor, 3 major. */
  top_rank: number;
}

export interface FindingRow {
  id: string;
  scan_id: string;
  parent_id: string | null;
  position: number;
  outcome: FindingOutcome | null;
  pathology_name: string | null;
  pathology_description: string | null;
  prior_finding_id: string | null;
  type_id: string;
  type_name: string;
  type_icon: string;
  type_wiki: string;
  type_body_parts: string[];
  key_images: number;
  pdf_reports: number;
  next_steps: number;
}

export type ScanDocumentKind = 'KEY_IMAGE' | 'PDF_REPORT' | 'NEXT_STEP' | 'VIDEO_REPORT';

export interface ScanDocumentRow {
  id: string;
  scan_id: string;
  finding_id: string | null;
  kind: ScanDocumentKind;
  value: Record<string, unknown>;
  blob_key: string | null;
  content_type: string | null;
  position: number;
}

/** The rank of an outcome, for the most serious one of a scan (top_outcome). */
export const OUTCOME_RANK_SQL = (column: string) =>
  `CASE ${column} WHEN 'MAJOR_FINDING' THEN 3 WHEN 'MINOR_FINDING' THEN 2 WHEN 'INFORMATIONAL_FINDING' THEN 1 ELSE 0 END`;

const SCAN_COLUMNS = `s.id, s.user_id, s.person_id, s.custodian_id, f.name AS organization_name, s.patient_request_id,
  to_char(s.scan_date, 'YYYY-MM-DD') AS scan_date, s.created, s.first_name, s.last_name, s.patient_sex, s.prior_scan_id,
  to_char(p.scan_date, 'YYYY-MM-DD') AS prior_scan_date`;
const SCAN_FROM = `records.whole_body_scans s JOIN records.wbs_facilities f ON f.custodian_id = s.custodian_id
  LEFT JOIN records.whole_body_scans p ON p.id = s.prior_scan_id`;

const FINDING_COLUMNS = `w.id, w.scan_id, w.parent_id, w.position, w.outcome, w.pathology_name, w.pathology_description,
  w.prior_finding_id, t.id AS type_id, t.name AS type_name, t.icon AS type_icon, t.wiki AS type_wiki, t.body_parts AS type_body_parts,
  (SELECT count(*)::int FROM records.wbs_documents d WHERE d.finding_id = w.id AND d.kind = 'KEY_IMAGE') AS key_images,
  (SELECT count(*)::int FROM records.wbs_documents d WHERE d.finding_id = w.id AND d.kind = 'PDF_REPORT') AS pdf_reports,
  (SELECT count(*)::int FROM records.wbs_documents d WHERE d.finding_id = w.id AND d.kind = 'NEXT_STEP') AS next_steps`;

/**
 * The reads of whole body scans as their patient sees them: every read names the owner (user_id), so
 * another patient's scan, finding or document is a missing one.
 */
@Injectable()
export class ScanRepository {
  /** The owner's scans, newest scan first, with their findings' count and most serious outcome. */
  listOwned(db: Queryable, userId: string): Promise<ScanListRow[]> {
    return db.query(
      `SELECT ${SCAN_COLUMNS},
         (SELECT count(*)::int FROM records.wbs_findings w WHERE w.scan_id = s.id) AS findings_count,
         (SELECT COALESCE(max(${OUTCOME_RANK_SQL('w.outcome')}), 0)::int FROM records.wbs_findings w WHERE w.scan_id = s.id) AS top_rank
       FROM ${SCAN_FROM} WHERE s.user_id = $1 ORDER BY s.scan_date DESC, s.created DESC, s.id`,
      [userId],
    );
  }

  async findOwned(db: Queryable, userId: string, scanId: string): Promise<ScanRow | null> {
    const [row] = await db.query(
      `SELECT ${SCAN_COLUMNS} FROM ${SCAN_FROM} WHERE s.id = $1 AND s.user_id = $2`,
      [scanId, userId],
    );
    return row ?? null;
  }

  /** Every finding of a scan (the tree is built from parent_id), in position order. */
  findings(db: Queryable, scanId: string): Promise<FindingRow[]> {
    return db.query(
      `SELECT ${FINDING_COLUMNS} FROM records.wbs_findings w JOIN records.wbs_finding_types t ON t.id = w.finding_type_id
       WHERE w.scan_id = $1 ORDER BY w.position, w.id`,
      [scanId],
    );
  }

  /** The findings of the prior scan that no finding of this scan carries on: resolved since. */
  unlinkedPriorFindings(db: Queryable, priorScanId: string, scanId: string): Promise<FindingRow[]> {
    return db.query(
      `SELECT ${FINDING_COLUMNS} FROM records.wbs_findings w JOIN records.wbs_finding_types t ON t.id = w.finding_type_id
       WHERE w.scan_id = $1
         AND NOT EXISTS (SELECT 1 FROM records.wbs_findings n WHERE n.scan_id = $2 AND n.prior_finding_id = w.id)
       ORDER BY w.position, w.id`,
      [priorScanId, scanId],
    );
  }

  async findingExists(db: Queryable, scanId: string, findingId: string): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM records.wbs_findings WHERE id = $1 AND scan_id = $2`, [
      findingId,
      scanId,
    ]);
    return rows.length > 0;
  }

  /** The documents of one finding (key images, PDF reports, next steps), or the scan's videos (finding null). */
  documents(db: Queryable, scanId: string, findingId: string | null): Promise<ScanDocumentRow[]> {
    return db.query(
      `SELECT id, scan_id, finding_id, kind, value, blob_key, content_type, position FROM records.wbs_documents
       WHERE scan_id = $1 AND finding_id IS NOT DISTINCT FROM $2 ORDER BY kind, position, id`,
      [scanId, findingId],
    );
  }

  async document(
    db: Queryable,
    scanId: string,
    findingId: string | null,
    documentId: string,
  ): Promise<ScanDocumentRow | null> {
    const [row] = await db.query(
      `SELECT id, scan_id, finding_id, kind, value, blob_key, content_type, position FROM records.wbs_documents
       WHERE id = $1 AND scan_id = $2 AND finding_id IS NOT DISTINCT FROM $3`,
      [documentId, scanId, findingId],
    );
    return row ?? null;
  }

  /** The 'view on' launchers of the facilities where the user has scans. */
  launchers(
    db: Queryable,
    userId: string,
  ): Promise<Array<{ custodian_id: string; launcher_title: string; launcher_url: string }>> {
    return db.query(
      `SELECT f.custodian_id, f.launcher_title, f.launcher_url FROM records.wbs_facilities f
       WHERE EXISTS (SELECT 1 FROM records.whole_body_scans s WHERE s.custodian_id = f.custodian_id AND s.user_id = $1)
       ORDER BY f.name, f.custodian_id`,
      [userId],
    );
  }

  // ---- the facility's side: what publishing checks and writes ----

  async exists(db: Queryable, scanId: string): Promise<boolean> {
    return (await db.query(`SELECT 1 FROM records.whole_body_scans WHERE id = $1`, [scanId])).length > 0;
  }

  /** The facilities' published scans, newest first. */
  listPublished(db: Queryable, custodianIds: string[], limit: number): Promise<ScanListRow[]> {
    return db.query(
      `SELECT ${SCAN_COLUMNS}, (SELECT count(*)::int FROM records.wbs_findings w WHERE w.scan_id = s.id) AS findings_count, 0 AS top_rank
       FROM ${SCAN_FROM} WHERE s.custodian_id = ANY($1::uuid[]) ORDER BY s.created DESC, s.id LIMIT $2`,
      [custodianIds, limit],
    );
  }

  /** Whether the scan is the same patient's (account and person) at the same facility. */
  async isPatientScanAt(
    db: Queryable,
    scanId: string,
    p: { userId: string; personId: string; custodianId: string },
  ): Promise<boolean> {
    const rows = await db.query(
      `SELECT 1 FROM records.whole_body_scans WHERE id = $1 AND user_id = $2 AND person_id = $3 AND custodian_id = $4`,
      [scanId, p.userId, p.personId, p.custodianId],
    );
    return rows.length > 0;
  }

  /** Of these finding ids, those of the prior scan (or, without one, of the same patient at the same facility). */
  async patientFindings(
    db: Queryable,
    ids: string[],
    p: { userId: string; personId: string; custodianId: string; priorScanId: string | null },
  ): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows: Array<{ id: string }> = await db.query(
      `SELECT w.id FROM records.wbs_findings w JOIN records.whole_body_scans s ON s.id = w.scan_id
       WHERE w.id = ANY($1::uuid[]) AND s.user_id = $2 AND s.person_id = $3 AND s.custodian_id = $4
         AND ($5::uuid IS NULL OR s.id = $5::uuid)`,
      [ids, p.userId, p.personId, p.custodianId, p.priorScanId],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Which of these blob keys a published document holds already. */
  async usedKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows: Array<{ blob_key: string }> = await db.query(
      `SELECT blob_key FROM records.wbs_documents WHERE blob_key = ANY($1::text[])`,
      [keys],
    );
    return new Set(rows.map((r) => r.blob_key));
  }

  async insertScan(
    tx: Queryable,
    s: {
      id: string;
      userId: string;
      personId: string;
      custodianId: string;
      patientRequestId: string | null;
      scanDate: string;
      firstName: string;
      lastName: string;
      patientSex: PatientSex;
      priorScanId: string | null;
      publishedBy: string;
      created?: Date;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO records.whole_body_scans (id, user_id, person_id, custodian_id, patient_request_id, scan_date, first_name,
         last_name, patient_sex, prior_scan_id, published_by, created) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
      [
        s.id,
        s.userId,
        s.personId,
        s.custodianId,
        s.patientRequestId,
        s.scanDate,
        s.firstName,
        s.lastName,
        s.patientSex,
        s.priorScanId,
        s.publishedBy,
        s.created ?? new Date(),
      ],
    );
  }

  async insertFinding(
    tx: Queryable,
    f: {
      id: string;
      scanId: string;
      parentId: string | null;
      findingTypeId: string;
      outcome: FindingOutcome;
      pathology: { name: string; description: string } | null;
      priorFindingId: string | null;
      position: number;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO records.wbs_findings (id, scan_id, parent_id, finding_type_id, outcome, pathology_name, pathology_description,
         prior_finding_id, position) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
      [
        f.id,
        f.scanId,
        f.parentId,
        f.findingTypeId,
        f.outcome,
        f.pathology?.name ?? null,
        f.pathology?.description ?? null,
        f.priorFindingId,
        f.position,
      ],
    );
  }

  async insertDocument(
    tx: Queryable,
    d: {
      id: string;
      scanId: string;
      findingId: string | null;
      kind: ScanDocumentKind;
      value: Record<string, unknown>;
      blobKey?: string | null;
      contentType?: string | null;
      size?: number | null;
      position: number;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO records.wbs_documents (id, scan_id, finding_id, kind, value, blob_key, content_type, size, position)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
      [
        d.id,
        d.scanId,
        d.findingId,
        d.kind,
        JSON.stringify(d.value),
        d.blobKey ?? null,
        d.contentType ?? null,
        d.size ?? null,
        d.position,
      ],
    );
  }

  async insertFollowUp(
    tx: Queryable,
    f: { id: string; nextStepId: string; userId: string; dueDate: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO records.wbs_follow_ups (id, next_step_id, user_id, due_date) VALUES ($1,$2,$3,$4)`,
      [f.id, f.nextStepId, f.userId, f.dueDate],
    );
  }
}
