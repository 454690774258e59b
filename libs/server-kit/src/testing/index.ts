export * from './unit';
export * from './ports';
export * from './fuzz';
export * from './pg-server';
export * from './server-faults';
export * from './fault-load';
export * from './fhir-r4';
export * from './smart-token';
import { randomBytes } from 'node:crypto';
import { type DynamicModule, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client, Pool } from 'pg';
import { loadConfig, type PortalConfig } from '../config';
import { resolveDatabaseUrl } from '../database/embedded';
import { PlatformModule } from '../platform.module';
import { createHttpApp } from '../bootstrap';
import { SmtpCapture } from '../mail/smtp-capture';
import { freePort } from './ports';

/**
 * A database of its own for one test file, on `serverUrl` when given (a server of the test's own),
 * else on DATABASE_URL's server, else on the embedded PostgreSQL. Dropped by `drop()`.
 */
export const createTestDatabase = async (
  serverUrl?: string,
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const baseUrl = serverUrl ?? (await resolveDatabaseUrl(loadConfig()));
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};

export interface TestApp {
  app: NestFastifyApplication;
  mail: SmtpCapture;
  databaseUrl: string;
  /** Reads or arranges the database directly, for what no endpoint shows (audit rows, outbox, expiry). */
  query: (sql: string, params?: unknown[]) => Promise<any[]>;
  close: () => Promise<void>;
}

/**
 * Contexts in one Nest app on a fresh database with a real SMTP capture, for integration tests
 * through HTTP (fastify inject). Demo data is off unless asked for. Events stay in process: durable
 * NATS consumers shared by parallel test apps would take each other's events.
 */
export const startTestApp = async (
  contexts: DynamicModule[],
  opts: { seed?: boolean; config?: Partial<PortalConfig>; databaseServerUrl?: string } = {},
): Promise<TestApp> => {
  const db = await createTestDatabase(opts.databaseServerUrl);
  const smtpPort = await freePort();
  const pool = new Pool({ connectionString: db.url, max: 2 });
  const mail = new SmtpCapture(pool);
  await mail.start(smtpPort);

  @Module({
    imports: [
      PlatformModule.forRoot({
        processName: `test-${randomBytes(3).toString('hex')}`,
        config: {
          databaseUrl: db.url,
          smtpCapturePort: smtpPort,
          smtpUrl: undefined,
          natsUrl: undefined,
          seedDemo: !!opts.seed,
          facilityCatalogueSize: 200,
          demoCtSlices: 4,
          ...opts.config,
        },
      }),
      ...contexts,
    ],
  })
  class TestRootModule {}

  const app = await createHttpApp(TestRootModule, { name: 'test' });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    mail,
    databaseUrl: db.url,
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    close: async () => {
      await app.close();
      await mail.stop();
      await pool.end();
      await db.drop();
    },
  };
};

/** JSON call through fastify inject, with an optional bearer token. */
export const call = async (
  app: NestFastifyApplication,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> => {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...opts.headers,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body, headers: res.headers };
};
export * from './redis';
export * from './patient-request';
export * from './eventually';
export * from './hostile-files';
