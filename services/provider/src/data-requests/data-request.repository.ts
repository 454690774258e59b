import { Injectable } from '@nestjs/common';
import {
  CLOSED_REQUEST_STATUSES,
  type DataRequest,
  daysLeft,
  docRequestTypeName,
  type DocumentRequestRejection,
  dueDateOf,
  INBOX_FLAG_CAP,
  INBOX_SEARCH_CAP,
  isClosedStatus,
  type OtherDocument,
  type RequestTimelineEntry,
  type TimelineEvent,
} from '@portal/contracts';
import { escapeLike, type Queryable, returning } from '@portal/server-kit';

/** What the inbox keeps of a `requests.patient-request-submitted` event. */
export interface InboxRequest {
  id: string;
  custodianId: string;
  custodianName: string;
  patientUserId: string;
  patient: { firstName: string; lastName: string; dateOfBirth: string; mrn: string | null };
  documentRequests: Array<{ id: string; type: string }>;
  dateFrom: string | null;
  dateTo: string | null;
  bodyParts: string[];
  attachments: Array<{
    id: string;
    kind: OtherDocument['kind'];
    key: string;
    fileName: string;
    contentType: string;
  }>;
  status: string;
  createdAt: string;
}

export interface StoredDocumentRequest {
  id: string;
  patient_request_id: string;
  type: string;
  rejection: DocumentRequestRejection | null;
}

export interface StoredDataRequest {
  id: string;
  custodian_id: string;
  custodian_name: string;
  patient_user_id: string;
  patient_first_name: string;
  patient_last_name: string;
  patient_dob: string;
  patient_mrn: string | null;
  status: string;
  created_at: Date;
  date_from: string | null;
  date_to: string | null;
  body_parts: string[];
  attachments: InboxRequest['attachments'];
  seen_at: Date | null;
  uploaded_at: Date | null;
  document_requests: StoredDocumentRequest[];
}

export interface InboxQuery {
  search: string;
  /** 'due': open requests first, the one that falls due first at the top; then the answered ones, newest first. */
  sort?: 'created' | 'due';
  page: number;
  pageSize: number;
}

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);
/** The request no longer waits for the facility: submitted by it, closed, or every record type rejected. */
export const isAnswered = (
  r: Pick<StoredDataRequest, 'uploaded_at' | 'status' | 'document_requests'>,
): boolean =>
  !!r.uploaded_at ||
  isClosedStatus(r.status) ||
  (r.document_requests.length > 0 && r.document_requests.every((d) => d.rejection));

/** The provider data request shape of the spec, with its due date and days left. */
export const toDataRequest = (r: StoredDataRequest, starred = false, now = new Date()): DataRequest => {
  const due = dueDateOf(r.created_at);
  return {
    id: r.id,
    organization: { id: r.custodian_id, name: r.custodian_name },
    status: { name: r.status },
    created: new Date(r.created_at).toISOString(),
    document_request: r.document_requests.map((d) => ({
      id: d.id,
      document_request_type: { mnemonic: d.type, name: docRequestTypeName(d.type) },
      rejection: d.rejection,
    })),
    patients: [
      {
        id: r.patient_user_id,
        first_name: r.patient_first_name,
        last_name: r.patient_last_name,
        patient_dob: r.patient_dob,
        patient_mrn: r.patient_mrn,
      },
    ],
    starred,
    date_from: r.date_from,
    date_to: r.date_to,
    body_parts: r.body_parts,
    due_date: due,
    days_left: isAnswered(r) ? null : daysLeft(due, now),
    seen_at: iso(r.seen_at),
    uploaded_at: iso(r.uploaded_at),
  };
};

const DAY = 86_400_000;
const DATE_WORD = /^(?:(\d{2})\/(\d{2})\/(\d{4})|(\d{4})-(\d{2})-(\d{2}))$/;
/** A search word that is a date (MM/DD/YYYY or YYYY-MM-DD) as YYYY-MM-DD, else null. */
export const searchDate = (word: string): string | null => {
  const m = DATE_WORD.exec(word);
  if (!m) return null;
  const [y, mo, d] = m[1] ? [m[3], m[1], m[2]] : [m[4], m[5], m[6]];
  const date = `${y}-${mo}-${d}`;
  const t = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== date ? null : date;
};
const likePrefix = (word: string) => `${escapeLike(word.toLowerCase())}%`;

/**
 * The WHERE of an inbox page: the facilities (`facilities`, also alone for the counts), then every word
 * of the search either a date (the patient's date of birth or the day the request came in) or a prefix
 * of the patient's first or last name, any order.
 */
const inboxWhere = (
  custodianIds: string[],
  search: string,
): { sql: string; facilities: string; params: unknown[] } => {
  const params: unknown[] = [custodianIds];
  // One facility (the usual case) as an equality, so the (custodian_id, created_at) index gives the order.
  const facilities =
    custodianIds.length === 1 ? 'd.custodian_id = ($1::uuid[])[1]' : 'd.custodian_id = ANY($1::uuid[])';
  const parts = [facilities];
  for (const word of search.split(/\s+/).filter(Boolean).slice(0, 5)) {
    const date = searchDate(word);
    if (date) {
      params.push(date);
      const p = params.length;
      parts.push(
        `(d.patient_dob = $${p}::date OR (d.created_at >= $${p}::date AT TIME ZONE 'UTC' AND d.created_at < ($${p}::date + 1) AT TIME ZONE 'UTC'))`,
      );
    } else {
      params.push(likePrefix(word));
      const p = params.length;
      parts.push(`(lower(d.patient_first_name) LIKE $${p} OR lower(d.patient_last_name) LIKE $${p})`);
    }
  }
  return { sql: parts.join(' AND '), facilities, params };
};

const CLOSED = CLOSED_REQUEST_STATUSES.map((s) => `'${s}'`).join(', ');
/**
 * Open requests: not submitted and not closed (isAnswered without the rejections, which live in
 * another table), and the others. The predicates of the partial indexes data_requests_open and
 * data_requests_answered (migration 1768100000000): the planner uses an index only while the two agree.
 */
const OPEN = `d.uploaded_at IS NULL AND d.status NOT IN (${CLOSED})`;
const ANSWERED = `(d.uploaded_at IS NOT NULL OR d.status IN (${CLOSED}))`;

/** A request's columns as StoredDataRequest has them, its document requests in order (`d` is the request). */
const REQUEST_COLUMNS = `d.id, d.custodian_id, d.custodian_name, d.patient_user_id, d.patient_first_name, d.patient_last_name,
  d.patient_dob::text AS patient_dob, d.patient_mrn, d.status, d.created_at, d.date_from::text AS date_from, d.date_to::text AS date_to,
  d.body_parts, d.attachments, d.seen_at, d.uploaded_at,
  COALESCE((SELECT json_agg(json_build_object('id', r.id, 'patient_request_id', r.patient_request_id, 'type', r.type, 'rejection', r.rejection) ORDER BY r.position)
    FROM provider.document_requests r WHERE r.patient_request_id = d.id), '[]') AS document_requests`;

const SELECT_REQUEST = `SELECT ${REQUEST_COLUMNS} FROM provider.data_requests d`;

/**
 * An inbox order over table `t` whose "open" is `open`: newest first, or by due date (the open requests
 * first, the one that falls due first at the top; then the answered ones, newest first).
 */
const inboxOrder = (sort: InboxQuery['sort'], t: string, open: string): string =>
  sort === 'due'
    ? `${open} DESC, CASE WHEN ${open} THEN ${t}.created_at END ASC, ${t}.created_at DESC, ${t}.id DESC`
    : `${t}.created_at DESC, ${t}.id DESC`;

/** A request of an inbox page as JSON gives it: its times as ISO text. */
type JsonRequest = Omit<StoredDataRequest, 'created_at' | 'seen_at' | 'uploaded_at'> & {
  created_at: string;
  seen_at: string | null;
  uploaded_at: string | null;
  open?: boolean;
};
const fromJson = ({ open: _open, ...r }: JsonRequest): StoredDataRequest => ({
  ...r,
  created_at: new Date(r.created_at),
  seen_at: r.seen_at === null ? null : new Date(r.seen_at),
  uploaded_at: r.uploaded_at === null ? null : new Date(r.uploaded_at),
});

/** All SQL on the data-request inbox: a projection of patient requests addressed to a facility. */
@Injectable()
export class DataRequestRepository {
  /** Puts a request into the inbox once (a replayed event changes nothing); true when it is new. */
  async insert(tx: Queryable, r: InboxRequest): Promise<boolean> {
    const inserted: unknown[] = await tx.query(
      `INSERT INTO provider.data_requests (id, custodian_id, custodian_name, patient_user_id, patient_first_name, patient_last_name, patient_dob, patient_mrn,
         doc_req_types, status, created_at, date_from, date_to, body_parts, attachments)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        r.id,
        r.custodianId,
        r.custodianName,
        r.patientUserId,
        r.patient.firstName,
        r.patient.lastName,
        r.patient.dateOfBirth,
        r.patient.mrn,
        r.documentRequests.map((d) => d.type),
        r.status,
        r.createdAt,
        r.dateFrom,
        r.dateTo,
        r.bodyParts,
        JSON.stringify(r.attachments),
      ],
    );
    if (!inserted.length) return false;
    for (const [position, d] of r.documentRequests.entries()) {
      await tx.query(
        `INSERT INTO provider.document_requests (id, patient_request_id, type, position) VALUES ($1,$2,$3,$4) ON CONFLICT (id) DO NOTHING`,
        [d.id, r.id, d.type, position],
      );
    }
    await this.addTimeline(tx, r.id, 'SUBMITTED', r.createdAt);
    return true;
  }

  /**
   * Issue 30: keeps a request whose fee is not paid out of the inbox (nothing of it is shown, counted or
   * served) until it is released; once (a replayed event, or one the inbox has already, changes nothing).
   */
  async holdUntilPaid(tx: Queryable, r: InboxRequest): Promise<boolean> {
    const held = await returning(
      tx,
      `INSERT INTO provider.requests_awaiting_payment (id, custodian_id, status, request)
       SELECT $1::uuid, $2::uuid, $3::text, $4::jsonb WHERE NOT EXISTS (SELECT 1 FROM provider.data_requests WHERE id = $1::uuid)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [r.id, r.custodianId, r.status, JSON.stringify(r)],
    );
    return held.length > 0;
  }

  /** The payment status of a request kept out of the inbox; false when none is kept under that id. */
  async setAwaitingStatus(tx: Queryable, id: string, status: string): Promise<boolean> {
    const rows = await returning(
      tx,
      `UPDATE provider.requests_awaiting_payment SET status = $2 WHERE id = $1 RETURNING id`,
      [id, status],
    );
    return rows.length > 0;
  }

  /** Takes a request kept out of the inbox (its fee is paid), as it was received; null when none is kept. */
  async releasePaid(tx: Queryable, id: string): Promise<InboxRequest | null> {
    const rows = await returning<{ request: InboxRequest }>(
      tx,
      `DELETE FROM provider.requests_awaiting_payment WHERE id = $1 RETURNING request`,
      [id],
    );
    return rows[0]?.request ?? null;
  }

  async setStatus(tx: Queryable, id: string, status: string): Promise<boolean> {
    return (
      (
        await returning(tx, `UPDATE provider.data_requests SET status = $2 WHERE id = $1 RETURNING id`, [
          id,
          status,
        ])
      ).length > 0
    );
  }

  /**
   * The facilities a staff member works for, each with its inbox's version (migration 1768200000000;
   * 0 while it has no requests), in a fixed order.
   */
  async inboxesOf(db: Queryable, userId: string): Promise<Array<{ custodianId: string; version: string }>> {
    const rows: Array<{ custodian_id: string; version: string }> = await db.query(
      `SELECT s.custodian_id, COALESCE(c.version, 0) AS version FROM provider.staff s
       LEFT JOIN provider.inbox_counts c ON c.custodian_id = s.custodian_id WHERE s.user_id = $1 ORDER BY s.custodian_id`,
      [userId],
    );
    return rows.map((r) => ({ custodianId: r.custodian_id, version: String(r.version) }));
  }

  /**
   * One page of the inbox of `custodianIds` (newest first, or by due date) with the total and the open
   * requests overdue and due soon, in one statement.
   *
   * - The page's ids first: an index walk of (custodian_id, created_at, id) that stops after the page
   *   (by due date, two: the open requests and the answered ones); then the columns and document
   *   requests of those rows alone.
   * - The unsearched total is the trigger-kept provider.inbox_counts; a search's total walks its rows up
   *   to INBOX_SEARCH_CAP. Overdue and due soon (due date = receipt + 30 days) are ranges of created_at
   *   among the open requests (the partial index data_requests_open), each walked up to INBOX_FLAG_CAP.
   * - One row answers: the counts and the page (as JSON, in its order).
   */
  async page(
    db: Queryable,
    custodianIds: string[],
    q: InboxQuery,
    now = new Date(),
  ): Promise<{ total: number; overdue: number; dueSoon: number; rows: StoredDataRequest[] }> {
    if (!custodianIds.length) return { total: 0, overdue: 0, dueSoon: 0, rows: [] };
    const where = inboxWhere(custodianIds, q.search);
    const n = where.params.length;
    const today = Date.parse(now.toISOString().slice(0, 10));
    const overdueBefore = new Date(today - 30 * DAY).toISOString();
    const dueSoonBefore = new Date(today + 8 * DAY - 30 * DAY).toISOString();
    const due = q.sort === 'due';
    const total = q.search.trim()
      ? `(SELECT count(*) FROM (SELECT 1 FROM provider.data_requests d WHERE ${where.sql} LIMIT ${INBOX_SEARCH_CAP}) t)`
      : `(SELECT COALESCE(sum(total), 0) FROM provider.inbox_counts WHERE custodian_id = ANY($1::uuid[]))`;
    const open = (range: string) =>
      `(SELECT count(*) FROM (SELECT 1 FROM provider.data_requests d WHERE ${where.facilities} AND ${OPEN} AND ${range} LIMIT ${INBOX_FLAG_CAP}) c)`;
    // The page's ids. By due date: the open requests (oldest first) all come before the answered ones
    // (newest first), so the page is among the first page + offset of each, both index walks.
    const limit = `LIMIT $${n + 1} OFFSET $${n + 2}`;
    const pageIds = due
      ? `SELECT p.id FROM (
           (SELECT d.id, TRUE AS open, d.created_at FROM provider.data_requests d WHERE ${where.sql} AND ${OPEN}
             ORDER BY d.created_at ASC, d.id DESC LIMIT $${n + 5})
           UNION ALL
           (SELECT d.id, FALSE AS open, d.created_at FROM provider.data_requests d WHERE ${where.sql} AND ${ANSWERED}
             ORDER BY d.created_at DESC, d.id DESC LIMIT $${n + 5})) p
         ORDER BY ${inboxOrder('due', 'p', 'p.open')} ${limit}`
      : `SELECT d.id FROM provider.data_requests d WHERE ${where.sql} ORDER BY ${inboxOrder('created', 'd', '')} ${limit}`;
    // One row: the counts and the page's requests as one JSON value, which the driver parses at once
    // (50 rows of 17 columns as fields cost the gateway more than the statement costs the server).
    const [counts]: Array<{ total: string; overdue: string; due_soon: string; rows: JsonRequest[] }> =
      await db.query(
        `WITH counts AS MATERIALIZED (SELECT ${total} AS total, ${open(`d.created_at < $${n + 3}`)} AS overdue,
           ${open(`d.created_at >= $${n + 3} AND d.created_at < $${n + 4}`)} AS due_soon),
         page AS (${pageIds})
         SELECT counts.*, COALESCE((SELECT json_agg(r ORDER BY ${inboxOrder(q.sort, 'r', 'r.open')}) FROM (
           SELECT ${REQUEST_COLUMNS}${due ? `, (${OPEN}) AS open` : ''} FROM page JOIN provider.data_requests d ON d.id = page.id) r), '[]') AS rows
         FROM counts`,
        [
          ...where.params,
          q.pageSize,
          q.page * q.pageSize,
          overdueBefore,
          dueSoonBefore,
          ...(due ? [(q.page + 1) * q.pageSize] : []),
        ],
      );
    return {
      total: Number(counts.total),
      overdue: Number(counts.overdue),
      dueSoon: Number(counts.due_soon),
      rows: counts.rows.map(fromJson),
    };
  }

  /** A request of one of the staff member's facilities; `lock` holds it for a change. */
  async findForStaff(
    db: Queryable,
    userId: string,
    id: string,
    lock = false,
  ): Promise<StoredDataRequest | null> {
    const rows: StoredDataRequest[] = await db.query(
      `${SELECT_REQUEST} WHERE d.id = $1 AND d.custodian_id IN (SELECT custodian_id FROM provider.staff WHERE user_id = $2)${lock ? ' FOR UPDATE OF d' : ''}`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  async findById(db: Queryable, id: string): Promise<StoredDataRequest | null> {
    const rows: StoredDataRequest[] = await db.query(`${SELECT_REQUEST} WHERE d.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Sets seen_at on the first open only; true when this call was the first. */
  async markSeen(tx: Queryable, id: string, at: Date): Promise<boolean> {
    const rows = await returning(
      tx,
      `UPDATE provider.data_requests SET seen_at = $2 WHERE id = $1 AND seen_at IS NULL RETURNING id`,
      [id, at],
    );
    return rows.length > 0;
  }

  async markUploaded(tx: Queryable, id: string, at: Date): Promise<boolean> {
    const rows = await returning(
      tx,
      `UPDATE provider.data_requests SET uploaded_at = $2 WHERE id = $1 AND uploaded_at IS NULL RETURNING id`,
      [id, at],
    );
    return rows.length > 0;
  }

  async setRejection(
    tx: Queryable,
    documentRequestId: string,
    rejection: DocumentRequestRejection | null,
  ): Promise<void> {
    await tx.query(`UPDATE provider.document_requests SET rejection = $2 WHERE id = $1`, [
      documentRequestId,
      rejection ? JSON.stringify(rejection) : null,
    ]);
  }

  async addTimeline(
    tx: Queryable,
    id: string,
    event: TimelineEvent,
    at: Date | string,
    detail: string | null = null,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO provider.timeline (patient_request_id, event, at, detail) VALUES ($1,$2,$3,$4)`,
      [id, event, at, detail],
    );
  }

  /** The newest entry of a request's timeline. */
  async lastTimelineEvent(db: Queryable, id: string): Promise<TimelineEvent | null> {
    const rows: Array<{ event: TimelineEvent }> = await db.query(
      `SELECT event FROM provider.timeline WHERE patient_request_id = $1 ORDER BY at DESC, id DESC LIMIT 1`,
      [id],
    );
    return rows[0]?.event ?? null;
  }

  async hasTimeline(db: Queryable, id: string, event: TimelineEvent): Promise<boolean> {
    const rows: unknown[] = await db.query(
      `SELECT 1 FROM provider.timeline WHERE patient_request_id = $1 AND event = $2 LIMIT 1`,
      [id, event],
    );
    return rows.length > 0;
  }

  async timeline(db: Queryable, id: string): Promise<RequestTimelineEntry[]> {
    const rows: Array<{ event: TimelineEvent; at: Date; detail: string | null }> = await db.query(
      `SELECT event, at, detail FROM provider.timeline WHERE patient_request_id = $1 ORDER BY at, id`,
      [id],
    );
    return rows.map((r) => ({ event: r.event, at: new Date(r.at).toISOString(), detail: r.detail }));
  }
}
