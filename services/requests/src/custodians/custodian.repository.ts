import { Injectable } from '@nestjs/common';
import type { Custodian, CustodianRequestFee, DocRequestType } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import { escapeLike } from '@portal/server-kit';
import { type CustodianRow, type CustodianSettingsRow, toCustodian } from './custodian.mapper';
import type { CatalogueRows } from '../demo/facility-catalogue';

/** The aliases of a facility, aggregated in the same statement (one round trip per search). */
const ALIASES = `COALESCE((SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'organization_id', a.custodian_id) ORDER BY a.name)
  FROM requests.custodian_aliases a WHERE a.custodian_id = c.id), '[]') AS aliases`;
const ALIAS_SETTINGS = `COALESCE((SELECT json_agg(json_build_object('id', a.id, 'doc_types', a.doc_types, 'body_parts', a.body_parts))
  FROM requests.custodian_aliases a WHERE a.custodian_id = c.id), '[]') AS alias_settings`;

/** A catalogue facility, or one the viewer ($2) named. */
const VISIBLE = `(c.owner_user_id IS NULL OR c.owner_user_id = $2::uuid)`;

export interface CustodianSettings {
  docTypes: DocRequestType[];
  bodyParts: string[];
  displayDateRange: boolean;
  logoColor: string;
  /** Issue 30: the fee for a records request; absent or null: none. */
  requestFee?: CustodianRequestFee | null;
}

/** All SQL on facilities (custodians), their aliases, settings and embed origins. */
@Injectable()
export class CustodianRepository {
  /**
   * Every word of the text in the name, an alias or the city (one trigram index on search_text), the
   * address containing `address`, the postcode starting with `zip`; best name match first.
   */
  async search(
    db: Queryable,
    text: string,
    postcode: string | null,
    limit: number,
    address: string | null = null,
  ): Promise<Custodian[]> {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    const params: unknown[] = [text, limit];
    // A facility a patient named is theirs alone: never in the public catalogue's answers.
    const where = [
      'c.owner_user_id IS NULL',
      ...words.map((w) => {
        params.push(`%${escapeLike(w)}%`);
        return `c.search_text LIKE $${params.length}`;
      }),
    ];
    if (postcode) {
      params.push(`${escapeLike(postcode)}%`);
      where.push(`c.postcode LIKE $${params.length}`);
    }
    if (address) {
      params.push(`%${escapeLike(address)}%`);
      where.push(`c.primary_address ILIKE $${params.length}`);
    }
    const rows: CustodianRow[] = await db.query(
      // Rank and cut first, then aggregate aliases for the 20 kept: a common word matches thousands.
      `SELECT c.*, ${ALIASES} FROM (SELECT c.*, public.similarity(c.name, $1) AS rank FROM requests.custodians c WHERE ${where.join(' AND ')}
         ORDER BY rank DESC, c.name LIMIT $2) c ORDER BY c.rank DESC, c.name`,
      params,
    );
    return rows.map(toCustodian);
  }

  /**
   * A catalogue facility, or a facility `viewerId` named (issue 24); another patient's named facility
   * is missing for everyone else, whatever they know of its id.
   */
  async findById(db: Queryable, id: string, viewerId: string | null = null): Promise<Custodian | null> {
    const row = await this.findRow(db, id, viewerId);
    return row ? toCustodian(row) : null;
  }

  /** The row itself (with its owner and e-mail), visible as findById says. */
  async findRow(
    db: Queryable,
    id: string,
    viewerId: string | null = null,
    lock = false,
  ): Promise<CustodianRow | null> {
    const [row]: CustodianRow[] = await db.query(
      `SELECT c.*, ${ALIASES} FROM requests.custodians c WHERE c.id = $1 AND ${VISIBLE}${lock ? ' FOR UPDATE OF c' : ''}`,
      [id, viewerId],
    );
    return row ?? null;
  }

  /** The facility with its wizard settings and each alias's own (visible as findById says). */
  async findSettings(
    db: Queryable,
    id: string,
    viewerId: string | null = null,
  ): Promise<CustodianSettingsRow | null> {
    const [row]: CustodianSettingsRow[] = await db.query(
      `SELECT c.*, ${ALIASES}, ${ALIAS_SETTINGS} FROM requests.custodians c WHERE c.id = $1 AND ${VISIBLE}`,
      [id, viewerId],
    );
    return row ?? null;
  }

  /** A facility the patient named: theirs, out of every search (empty search text), records and reports by default. */
  async insertUnlisted(
    tx: Queryable,
    c: { id: string; ownerUserId: string; name: string; address: string; phone: string; email: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO requests.custodians (id, name, primary_address, city, state_name, state, postcode, phone, owner_user_id, email, search_text)
       VALUES ($1, $2, $3, '', '', '', '', $4, $5, $6, '')`,
      [c.id, c.name, c.address, c.phone, c.ownerUserId, c.email],
    );
  }

  /** Whether a request was raised to this facility already (a named facility takes one). */
  async hasRequests(db: Queryable, custodianId: string): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM requests.patient_requests WHERE custodian_id = $1 LIMIT 1`, [
      custodianId,
    ]);
    return rows.length > 0;
  }

  /** Inserts a facility, or leaves an existing one of that id as it is. */
  async insertIfMissing(
    tx: Queryable,
    c: Omit<Custodian, 'aliases'>,
    settings?: CustodianSettings,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO requests.custodians (id, name, primary_address, city, state_name, state, postcode, phone, website, description, is_mrn_compulsory, theme,
         doc_types, body_parts, display_date_range, logo_color, search_text, request_fee_cents, request_fee_currency)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12, COALESCE($13, '{IMAGES,REPORTS}'::text[]), COALESCE($14, '{}'::text[]), COALESCE($15, true), COALESCE($16, '#1565c0'), lower($2 || ' ' || $4),
         $17, COALESCE($18, 'usd'))
       ON CONFLICT DO NOTHING`,
      [
        c.id,
        c.name,
        c.address.primary_address,
        c.address.city.name,
        c.address.city.state_name,
        c.address.state,
        c.address.postcode,
        c.phone,
        c.website,
        c.description,
        c.isMRNCompulsory,
        c.theme,
        settings?.docTypes ?? null,
        settings?.bodyParts ?? null,
        settings?.displayDateRange ?? null,
        settings?.logoColor ?? null,
        settings?.requestFee?.amountCents ?? null,
        settings?.requestFee?.currency ?? null,
      ],
    );
  }

  /** Sets a facility's wizard settings and its request fee (an operator's change; the demo seed keeps them current). */
  async updateSettings(
    tx: Queryable,
    id: string,
    s: CustodianSettings & { isMRNCompulsory: boolean; theme: string },
  ): Promise<void> {
    await tx.query(
      `UPDATE requests.custodians SET doc_types = $2, body_parts = $3, display_date_range = $4, logo_color = $5, is_mrn_compulsory = $6, theme = $7,
         request_fee_cents = $8, request_fee_currency = COALESCE($9, 'usd') WHERE id = $1`,
      [
        id,
        s.docTypes,
        s.bodyParts,
        s.displayDateRange,
        s.logoColor,
        s.isMRNCompulsory,
        s.theme,
        s.requestFee?.amountCents ?? null,
        s.requestFee?.currency ?? null,
      ],
    );
  }

  /** Adds or renames an alias, then refreshes the facility's search text so the alias is found. */
  async saveAlias(
    tx: Queryable,
    a: {
      id: string;
      custodianId: string;
      name: string;
      docTypes: DocRequestType[] | null;
      bodyParts: string[] | null;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO requests.custodian_aliases (id, custodian_id, name, doc_types, body_parts) VALUES ($1,$2,$3,$4,$5)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, doc_types = EXCLUDED.doc_types, body_parts = EXCLUDED.body_parts`,
      [a.id, a.custodianId, a.name, a.docTypes, a.bodyParts],
    );
    await tx.query(
      `UPDATE requests.custodians c SET search_text = lower(c.name || ' ' || c.city || COALESCE((SELECT ' ' || string_agg(a.name, ' ') FROM requests.custodian_aliases a WHERE a.custodian_id = c.id), ''))
       WHERE c.id = $1`,
      [a.custodianId],
    );
  }

  async addEmbedOrigins(tx: Queryable, custodianIds: string[], origins: string[]): Promise<void> {
    if (!custodianIds.length || !origins.length) return;
    await tx.query(
      `INSERT INTO requests.custodian_embed_origins (custodian_id, origin) SELECT c, o FROM unnest($1::uuid[]) c CROSS JOIN unnest($2::text[]) o ON CONFLICT DO NOTHING`,
      [custodianIds, origins],
    );
  }

  /** The facilities whose settings allow a web site (an exact origin) to embed the wizard. */
  async custodiansAllowingOrigin(db: Queryable, origin: string): Promise<string[]> {
    const rows: Array<{ custodian_id: string }> = await db.query(
      `SELECT custodian_id FROM requests.custodian_embed_origins WHERE origin = $1 ORDER BY custodian_id`,
      [origin],
    );
    return rows.map((r) => r.custodian_id);
  }

  /** Facilities the user requested from, newest request first. */
  async recentForUser(db: Queryable, userId: string, limit: number): Promise<Custodian[]> {
    const rows: CustodianRow[] = await db.query(
      `SELECT c.*, ${ALIASES} FROM (SELECT custodian_id, max(created_at) AS last FROM requests.patient_requests WHERE user_id = $1 GROUP BY custodian_id) r
       JOIN requests.custodians c ON c.id = r.custodian_id WHERE c.owner_user_id IS NULL ORDER BY r.last DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map(toCustodian);
  }

  async link(tx: Queryable, userId: string, custodianId: string): Promise<void> {
    await tx.query(
      `INSERT INTO requests.custodian_links (user_id, custodian_id) VALUES ($1,$2) ON CONFLICT (user_id, custodian_id) DO UPDATE SET linked_at = now()`,
      [userId, custodianId],
    );
  }

  /** Bulk insert of a generated catalogue (column arrays), one statement per table; existing ids are kept. */
  async insertCatalogue(
    tx: Queryable,
    r: Omit<CatalogueRows, 'aliasId' | 'aliasOf' | 'aliasName'>,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO requests.custodians (id, name, primary_address, city, state, state_name, postcode, phone, website, is_mrn_compulsory, theme, doc_types, logo_color, search_text, body_parts)
       SELECT id, name, a, city, st, sn, pc, ph, w, m, th, dt::text[], col, s, '{Head,Chest,Abdomen,Spine,Left knee,Right knee}'
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::boolean[], $11::text[], $12::text[], $13::text[], $14::text[])
         AS x(id, name, a, city, st, sn, pc, ph, w, m, th, dt, col, s)
       ON CONFLICT (id) DO NOTHING`,
      [
        r.id,
        r.name,
        r.address,
        r.city,
        r.state,
        r.stateName,
        r.postcode,
        r.phone,
        r.website,
        r.mrn,
        r.theme,
        r.docTypes,
        r.color,
        r.searchText,
      ],
    );
  }

  /** The generated catalogue's aliases, once every facility they belong to is in. */
  async insertCatalogueAliases(
    tx: Queryable,
    r: Pick<CatalogueRows, 'aliasId' | 'aliasOf' | 'aliasName'>,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO requests.custodian_aliases (id, custodian_id, name) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[]) ON CONFLICT (id) DO NOTHING`,
      [r.aliasId, r.aliasOf, r.aliasName],
    );
  }

  async count(db: Queryable): Promise<number> {
    const [row] = await db.query(`SELECT count(*)::int AS n FROM requests.custodians`);
    return row.n;
  }
}
