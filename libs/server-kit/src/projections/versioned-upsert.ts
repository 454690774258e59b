import type { Queryable } from '../database/sql';

/**
 * The one way a context keeps another context's facts: a snapshot row replaces the kept one only when
 * its version is newer, so events that arrive late, twice or out of order change nothing. `row` holds
 * every column (including `version`), `key` the columns of the conflict target. Answers whether the row
 * was written (false: a newer or the same snapshot is already kept).
 */
export const upsertIfNewer = async (
  db: Queryable,
  table: string,
  key: readonly string[],
  row: Record<string, unknown>,
): Promise<boolean> => {
  if (!('version' in row)) throw new Error(`upsertIfNewer(${table}): a snapshot without a version`);
  const cols = Object.keys(row);
  const updates = cols.filter((c) => !key.includes(c)).map((c) => `${c} = EXCLUDED.${c}`);
  const rows: unknown[] = await db.query(
    `INSERT INTO ${table} AS kept (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${updates.join(', ')} WHERE kept.version < EXCLUDED.version
     RETURNING 1`,
    cols.map((c) => row[c]),
  );
  return rows.length > 0;
};
