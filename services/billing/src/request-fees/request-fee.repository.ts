import { Injectable } from '@nestjs/common';
import type { RequestFee, RequestFeeStatus } from '@portal/contracts';
import { type Queryable, returning } from '@portal/server-kit';

export interface RequestFeeRow {
  patient_request_id: string;
  user_id: string;
  custodian_name: string;
  amount_cents: number;
  currency: string;
  status: RequestFeeStatus;
  message: string | null;
  /** The payment now paying it: only its outcome moves the fee (a late event of an earlier try does not). */
  transaction_id: string | null;
  version: string;
}

export const toRequestFee = (r: RequestFeeRow): RequestFee => ({
  patientRequestId: r.patient_request_id,
  custodianName: r.custodian_name,
  amountCents: r.amount_cents,
  currency: r.currency,
  status: r.status,
  message: r.message,
});

/** The fees of records requests, as the requests context announced them when the request was submitted. */
@Injectable()
export class RequestFeeRepository {
  /** Kept once per request (a replayed submission event changes nothing). */
  async keep(
    db: Queryable,
    row: Omit<RequestFeeRow, 'status' | 'message' | 'version' | 'transaction_id'>,
  ): Promise<boolean> {
    const rows = await returning(
      db,
      `INSERT INTO billing.request_fees (patient_request_id, user_id, custodian_name, amount_cents, currency)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING 1`,
      [row.patient_request_id, row.user_id, row.custodian_name, row.amount_cents, row.currency],
    );
    return rows.length > 0;
  }

  async own(
    db: Queryable,
    userId: string,
    patientRequestId: string,
    lock = false,
  ): Promise<RequestFeeRow | null> {
    const [row] = await db.query(
      `SELECT * FROM billing.request_fees WHERE patient_request_id = $1 AND user_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [patientRequestId, userId],
    );
    return (row as RequestFeeRow | undefined) ?? null;
  }

  /** A new payment of the fee has started: from now on its outcome is the one that counts. */
  async attach(db: Queryable, patientRequestId: string, transactionId: string): Promise<void> {
    await db.query(`UPDATE billing.request_fees SET transaction_id = $2 WHERE patient_request_id = $1`, [
      patientRequestId,
      transactionId,
    ]);
  }

  /**
   * Moves the fee by what its current payment came to; answers the row at its new version, or null when
   * nothing changed (it stood there already, is paid, or the payment is an earlier try). A payment that
   * went through pays the fee whichever try it was (an older page paid after a newer one was opened).
   */
  async move(
    db: Queryable,
    patientRequestId: string,
    transactionId: string,
    status: RequestFeeStatus,
    message: string | null,
  ): Promise<RequestFeeRow | null> {
    const [row] = await returning<RequestFeeRow>(
      db,
      `UPDATE billing.request_fees SET status = $3, message = $4, version = version + 1
       WHERE patient_request_id = $1 AND (transaction_id = $2 OR $3 = 'PAID') AND status <> 'PAID'
         AND (status <> $3 OR message IS DISTINCT FROM $4) RETURNING *`,
      [patientRequestId, transactionId, status, message],
    );
    return row ?? null;
  }
}
