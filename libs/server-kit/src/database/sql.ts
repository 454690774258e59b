import type { EntityManager } from 'typeorm';

/** What a repository needs of a connection or transaction: TypeORM's EntityManager, or a pg client in a CLI. */
export type Queryable = Pick<EntityManager, 'query'>;

/** PostgreSQL refused a row because a unique index already holds its key (SQLSTATE 23505). */
export const isUniqueViolation = (e: unknown): boolean => (e as { code?: string } | null)?.code === '23505';

/**
 * The rows of a statement with RETURNING. TypeORM answers `[rows, count]` for UPDATE and DELETE but
 * plain rows for INSERT and SELECT; repositories see rows either way.
 */
export const returning = async <T>(tx: Queryable, sql: string, params: unknown[]): Promise<T[]> => {
  const result: unknown = await tx.query(sql, params);
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  )
    return result[0] as T[];
  return result as T[];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether an id from a path or body can be a row id at all; one that cannot is simply not found. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * Text typed by a user, taken literally inside a LIKE pattern: its `%`, `_` and `\` match themselves
 * (PostgreSQL's default escape character is the backslash), so a search for "50%" is not a wildcard.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
