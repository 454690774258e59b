import { Injectable } from '@nestjs/common';
import type { Custodian } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import { type CustodianRow, toCustodian } from './custodian.mapper';

/** All SQL on facilities (custodians); every method takes the pool or the caller's transaction first. */
@Injectable()
export class CustodianRepository {
  /** Name or city containing the text (trigram index), best name match first; optionally one postcode. */
  async search(db: Queryable, text: string, postcode: string | null, limit: number): Promise<Custodian[]> {
    const rows: CustodianRow[] = await db.query(
      `SELECT * FROM requests.custodians
       WHERE ($1 = '' OR name ILIKE '%' || $1 || '%' OR city ILIKE '%' || $1 || '%') AND ($2::text IS NULL OR postcode = $2)
       ORDER BY public.similarity(name, $1) DESC, name LIMIT $3`,
      [text, postcode, limit],
    );
    return rows.map(toCustodian);
  }

  async findById(db: Queryable, id: string): Promise<Custodian | null> {
    const [row]: CustodianRow[] = await db.query(`SELECT * FROM requests.custodians WHERE id = $1`, [id]);
    return row ? toCustodian(row) : null;
  }

  /** Inserts a facility, or leaves an existing one of that id as it is. */
  async insertIfMissing(tx: Queryable, c: Omit<Custodian, 'aliases'>): Promise<void> {
    await tx.query(
      `INSERT INTO requests.custodians (id, name, primary_address, city, state_name, state, postcode, phone, website, description, is_mrn_compulsory, theme)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) ON CONFLICT DO NOTHING`,
      [c.id, c.name, c.address.primary_address, c.address.city.name, c.address.city.state_name, c.address.state, c.address.postcode, c.phone, c.website, c.description, c.isMRNCompulsory, c.theme],
    );
  }
}
