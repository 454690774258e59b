import { Injectable } from '@nestjs/common';
import { type Queryable, returning } from '@portal/server-kit';
import type { ProcessorEvent } from '../processor/payment-processor';

/** The processor's events applied already: a redelivered one is answered 200 and changes nothing. */
@Injectable()
export class ProcessedEventRepository {
  /** True the first time an event id is seen (in the transaction that applies it). */
  async claim(db: Queryable, event: ProcessorEvent): Promise<boolean> {
    const rows = await returning(
      db,
      `INSERT INTO billing.processor_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
      [event.id, event.type],
    );
    return rows.length > 0;
  }
}
