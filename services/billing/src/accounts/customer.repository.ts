import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import type { CustomerAttempt, Owner } from '../processor/payment-processor';

/** Which processor customer pays for which owner (a patient, or a group's seats). */
@Injectable()
export class CustomerRepository {
  async find(db: Queryable, owner: Owner): Promise<string | null> {
    const [row] = await db.query(
      `SELECT customer_id FROM billing.customers WHERE owner_type = $1 AND owner_id = $2`,
      [owner.type, owner.id],
    );
    return (row as { customer_id: string } | undefined)?.customer_id ?? null;
  }

  /** Keeps the first customer made for the owner; a concurrent second one loses and the first is answered. */
  async keep(db: Queryable, owner: Owner, customerId: string): Promise<string> {
    await db.query(
      `INSERT INTO billing.customers (owner_type, owner_id, customer_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [owner.type, owner.id, customerId],
    );
    return (await this.find(db, owner))!;
  }

  /** The owner's one try at a customer, made on first need and answered unchanged to every retry. */
  async attempt(db: Queryable, owner: Owner): Promise<CustomerAttempt> {
    await db.query(
      `INSERT INTO billing.customer_attempts (owner_type, owner_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [owner.type, owner.id],
    );
    const [row] = await db.query(
      `SELECT idempotency_key AS key, reserved_at AS at FROM billing.customer_attempts
        WHERE owner_type = $1 AND owner_id = $2`,
      [owner.type, owner.id],
    );
    return row as CustomerAttempt;
  }

  async ownerOf(db: Queryable, customerId: string): Promise<Owner | null> {
    const [row] = await db.query(
      `SELECT owner_type AS type, owner_id AS id FROM billing.customers WHERE customer_id = $1`,
      [customerId],
    );
    return (row as Owner | undefined) ?? null;
  }
}
