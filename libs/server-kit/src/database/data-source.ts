import { DataSource, type DataSourceOptions, type EntityManager } from 'typeorm';
import { isUniqueViolation } from './sql';
import { BoundedClient } from './bounded-client';

/** How long to wait for PostgreSQL before answering 503 (loadConfig: DB_*_TIMEOUT_MS). */
export interface DatabaseTimeouts {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  idleTimeoutMs: number;
}

export interface ContextDatabaseOptions {
  /** Context name, also its PostgreSQL schema. */
  schema: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  poolSize: number;
  timeouts: DatabaseTimeouts;
}

/**
 * pg pool options that bound every wait: a connection from the pool or a new one (a frozen server
 * accepts TCP but never answers), a statement on the server, and the client's wait for the answer (a
 * frozen server cancels nothing itself). Broken connections are dropped by the pool and new ones are
 * made on demand, so the pool heals by itself when the server returns.
 */
export const boundedPoolOptions = (t: DatabaseTimeouts) => ({
  Client: BoundedClient,
  connectionTimeoutMillis: t.connectTimeoutMs,
  statement_timeout: t.statementTimeoutMs,
  query_timeout: t.queryTimeoutMs,
  idleTimeoutMillis: t.idleTimeoutMs,
  keepAlive: true,
});

/**
 * One DataSource per context, confined to its own schema: search_path is the context's schema, and the
 * migrations table lives there too, so contexts share a server but never each other's tables.
 */
export const createContextDataSource = async (
  url: string,
  o: ContextDatabaseOptions,
): Promise<DataSource> => {
  await ensureSchema(url, o.schema, o.timeouts.connectTimeoutMs);
  const ds = new DataSource({
    type: 'postgres',
    url,
    schema: o.schema,
    entities: o.entities,
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    extra: {
      max: o.poolSize,
      options: `-c search_path=${o.schema},public`,
      ...boundedPoolOptions(o.timeouts),
    },
    applicationName: `portal-${o.schema}`,
  });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  return ds;
};

/** The schema must exist before TypeORM looks for its migrations table in it. */
const ensureSchema = async (url: string, schema: string, connectTimeoutMs: number) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (e) {
    // Two processes creating the same schema at once: the loser sees a unique violation; the schema exists.
    if (!isUniqueViolation(e)) throw e;
  } finally {
    await client.end();
  }
};

export type Tx = EntityManager;
