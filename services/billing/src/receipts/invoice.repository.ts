import { Injectable } from '@nestjs/common';
import type { Receipt } from '@portal/contracts';
import { type Queryable, returning } from '@portal/server-kit';
import type { Owner, ProcessorInvoice } from '../processor/payment-processor';

export interface InvoiceRow {
  id: string;
  receipt_id: string;
  status: string;
  amount_due: number;
  currency: string;
  attempt_count: number;
  next_payment_attempt: Date | null;
  reminded_attempts: number;
}

const RECEIPT = `receipt_id AS id, number, paid_at AS "paidAt", amount_paid AS "amountCents", currency, description,
  period_start AS "periodStart", period_end AS "periodEnd"`;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const toReceipt = (r: Receipt): Receipt => ({
  ...r,
  paidAt: iso(r.paidAt)!,
  periodStart: iso(r.periodStart),
  periodEnd: iso(r.periodEnd),
});

/** Our copy of the processor's invoices; a paid one is a receipt. */
@Injectable()
export class InvoiceRepository {
  async save(db: Queryable, owner: Owner, i: ProcessorInvoice): Promise<void> {
    await db.query(
      `INSERT INTO billing.invoices (id, owner_type, owner_id, subscription_id, number, status, amount_due, amount_paid,
         currency, description, period_start, period_end, paid_at, attempt_count, next_payment_attempt, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (id) DO UPDATE SET number = EXCLUDED.number, status = EXCLUDED.status, amount_due = EXCLUDED.amount_due,
         amount_paid = EXCLUDED.amount_paid, paid_at = EXCLUDED.paid_at, attempt_count = EXCLUDED.attempt_count,
         next_payment_attempt = EXCLUDED.next_payment_attempt, description = EXCLUDED.description`,
      [
        i.id,
        owner.type,
        owner.id,
        i.subscriptionId,
        i.number,
        i.status,
        i.amountDue,
        i.amountPaid,
        i.currency,
        i.description,
        i.periodStart,
        i.periodEnd,
        i.paidAt,
        i.attemptCount,
        i.nextPaymentAttempt,
        i.createdAt,
      ],
    );
  }

  /** Paid invoices with something paid, newest first. */
  async receipts(db: Queryable, owner: Owner): Promise<Receipt[]> {
    const rows: Receipt[] = await db.query(
      `SELECT ${RECEIPT} FROM billing.invoices WHERE owner_type = $1 AND owner_id = $2 AND status = 'paid'
       AND amount_paid > 0 ORDER BY paid_at DESC LIMIT 200`,
      [owner.type, owner.id],
    );
    return rows.map(toReceipt);
  }

  async receipt(db: Queryable, owner: Owner, receiptId: string): Promise<Receipt | null> {
    const [row] = await db.query(
      `SELECT ${RECEIPT} FROM billing.invoices WHERE owner_type = $1 AND owner_id = $2 AND receipt_id = $3
       AND status = 'paid' AND amount_paid > 0`,
      [owner.type, owner.id, receiptId],
    );
    return row ? toReceipt(row as Receipt) : null;
  }

  /** The subscription's unpaid invoice, if any (what past due is about). */
  async open(db: Queryable, subscriptionId: string): Promise<InvoiceRow | null> {
    const [row] = await db.query(
      `SELECT * FROM billing.invoices WHERE subscription_id = $1 AND status = 'open' ORDER BY created_at DESC LIMIT 1`,
      [subscriptionId],
    );
    return (row as InvoiceRow | undefined) ?? null;
  }

  /** When the subscription was last paid for. */
  async lastPaid(db: Queryable, subscriptionId: string): Promise<Date | null> {
    const [row] = await db.query(
      `SELECT max(paid_at) AS at FROM billing.invoices WHERE subscription_id = $1 AND status = 'paid'`,
      [subscriptionId],
    );
    return (row as { at: Date | null } | undefined)?.at ?? null;
  }

  /** Marks a failed attempt reminded; false when that attempt was reminded of already (a redelivered event). */
  async claimReminder(db: Queryable, id: string, attempt: number): Promise<boolean> {
    const rows = await returning(
      db,
      `UPDATE billing.invoices SET reminded_attempts = $2 WHERE id = $1 AND reminded_attempts < $2 RETURNING 1`,
      [id, attempt],
    );
    return rows.length > 0;
  }
}
