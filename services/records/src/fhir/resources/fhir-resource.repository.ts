import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import type { DateBound, Paging, SearchCriteria } from '../search/search-params';
import type { InstanceRow } from './resource-rows';
import type { ResourceTable } from './resource-tables';

/** A row as the database answers it; each mapper reads it as its table's row type. */
export type ResourceRow = Record<string, unknown>;

export interface DocumentBlobRow {
  id: string;
  blob_key: string;
  content_type: string;
  file_name: string;
  size: string;
  created_at: Date;
}

/** The where clause of a date parameter on a column: the prefixes of FHIR R4 §3.1.1.5.6 on [from, to). */
const dateCondition = (column: string, b: DateBound, p: (v: unknown) => string): string => {
  switch (b.prefix) {
    case 'gt':
      return `${column} >= ${p(b.to)}`;
    case 'ge':
      return `${column} >= ${p(b.from)}`;
    case 'lt':
      return `${column} < ${p(b.from)}`;
    case 'le':
      return `${column} < ${p(b.to)}`;
    default:
      return `(${column} >= ${p(b.from)} AND ${column} < ${p(b.to)})`;
  }
};

/** The patient's rows of a table matching the criteria: the where clause and its parameters ($1 is the patient). */
const matching = (t: ResourceTable, patientId: string, c: SearchCriteria) => {
  const params: unknown[] = [patientId];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`${t.patient} = $1::${t.patientType ?? 'uuid'}`];
  if (t.where) where.push(t.where);
  if (c.otherPatient) where.push('false');
  if (c.ids) where.push(`${t.id} = ANY(${p(c.ids.filter((id) => t.idGrammar.test(id)))}::${t.idType}[])`);
  for (const b of c.lastUpdated) where.push(dateCondition(t.lastUpdated, b, p));
  if (t.date) for (const b of c.date) where.push(dateCondition(t.date, b, p));
  if (c.status) where.push(t.status ? `${t.status} = ANY(${p(c.status)}::text[])` : 'false');
  if (c.modality && t.modality) where.push(t.modality(p(c.modality)));
  if (c.since) where.push(`${t.lastUpdated} > ${p(c.since)}`);
  return { where: where.join(' AND '), params, p };
};

const orderBy = (t: ResourceTable) => t.order.map((o) => `${o.sql} DESC`).join(', ');

/**
 * The rows the where clause and `cut` (order, limit, offset) pick: their keys first, read from the
 * table alone (an index alone when the filters allow: an OFFSET deep in a large record then skips
 * index entries, not rows), then their rows and joins for the page only.
 */
const cutThenJoin = (t: ResourceTable, where: string, cut: string, extraColumns = '') =>
  `SELECT ${t.select}${extraColumns}
   FROM (SELECT ${t.id} AS _key FROM ${t.from} WHERE ${where} ${cut}) _page
   JOIN ${t.from} ON ${t.id} = _page._key ${t.joins ?? ''} ORDER BY ${orderBy(t)}`;

/**
 * All SQL of the FHIR API's resources, made from each type's ResourceTable: one indexed query per page
 * (the patient's column leads every index it uses) with its total counted in the same statement, and
 * keyset pages for exports that read everything (no OFFSET walking over what was already read).
 */
@Injectable()
export class FhirResourceRepository {
  /** A search page, newest first, with the total of matches. */
  async page(
    db: Queryable,
    t: ResourceTable,
    patientId: string,
    c: SearchCriteria,
    paging: Paging,
  ): Promise<{ rows: ResourceRow[]; total: number }> {
    const { where, params, p } = matching(t, patientId, c);
    if (paging.count === 0) return { rows: [], total: await this.count(db, t, patientId, c) };
    // The count is an uncorrelated subquery: run once, on the table alone.
    const rows: ResourceRow[] = await db.query(
      cutThenJoin(
        t,
        where,
        `ORDER BY ${orderBy(t)} LIMIT ${p(paging.count)} OFFSET ${p(paging.offset)}`,
        `, (SELECT count(*) FROM ${t.from} WHERE ${where}) AS _total`,
      ),
      params,
    );
    // Past the last page no row carries the total: count it alone.
    const total = rows.length
      ? Number(rows[0]._total)
      : paging.offset
        ? await this.count(db, t, patientId, c)
        : 0;
    return { rows, total };
  }

  async count(db: Queryable, t: ResourceTable, patientId: string, c: SearchCriteria): Promise<number> {
    const { where, params } = matching(t, patientId, c);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM ${t.from} WHERE ${where}`, params);
    return n;
  }

  /** The next keyset page after `after` (the last row's order key, null for the first page). */
  async keysetPage(
    db: Queryable,
    t: ResourceTable,
    patientId: string,
    c: SearchCriteria,
    after: string[] | null,
    limit: number,
  ): Promise<{ rows: ResourceRow[]; last: string[] | null }> {
    const { where, params, p } = matching(t, patientId, c);
    const keys = t.order.map((o) => o.sql);
    const past = after
      ? ` AND (${keys.join(', ')}) < (${t.order.map((o, i) => `${p(after[i])}::${o.type}`).join(', ')})`
      : '';
    const rows: ResourceRow[] = await db.query(
      cutThenJoin(
        t,
        `${where}${past}`,
        `ORDER BY ${orderBy(t)} LIMIT ${p(limit)}`,
        `, ${keys.map((k, i) => `${k}::text AS _k${i}`).join(', ')}`,
      ),
      params,
    );
    const end = rows.at(-1);
    return { rows, last: end ? keys.map((_, i) => String(end[`_k${i}`])) : null };
  }

  /** One resource's row of this patient, or null (another patient's looks exactly like a missing one). */
  async one(db: Queryable, t: ResourceTable, patientId: string, id: string): Promise<ResourceRow | null> {
    if (!t.idGrammar.test(id)) return null;
    const { where, params, p } = matching(t, patientId, { lastUpdated: [], date: [] });
    const [row] = await db.query(cutThenJoin(t, `${where} AND ${t.id} = ${p(id)}::${t.idType}`, ''), params);
    return row ?? null;
  }

  /** The instances of the given studies of the patient, in one query, in series and instance order. */
  instancesOf(db: Queryable, patientId: string, studyInstanceUids: string[]): Promise<InstanceRow[]> {
    if (!studyInstanceUids.length) return Promise.resolve([]);
    return db.query(
      `SELECT study_instance_uid, series_instance_uid, sop_instance_uid, sop_class_uid, series_number,
         instance_number, modality, series_description
       FROM records.wbs_study_instances WHERE user_id = $1 AND study_instance_uid = ANY($2::text[])
       ORDER BY study_instance_uid, series_number NULLS LAST, series_instance_uid, instance_number NULLS LAST, sop_instance_uid`,
      [patientId, studyInstanceUids],
    );
  }

  /** A document of the patient with where its bytes are, or null. */
  async document(db: Queryable, patientId: string, id: string): Promise<DocumentBlobRow | null> {
    const [row] = await db.query(
      `SELECT id, blob_key, content_type, file_name, size, created_at FROM records.documents WHERE id = $1 AND user_id = $2`,
      [id, patientId],
    );
    return row ?? null;
  }
}
