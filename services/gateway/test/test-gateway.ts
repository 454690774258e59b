import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { CSRF_HEADER } from '@portal/contracts';
import { DEMO_PASSWORD } from '@portal/server-kit';
import { createTestDatabase, freePort } from '@portal/server-kit/testing';
import { startGateway } from '../src/main';
import { startLocalStripe } from '@portal/local-stripe';

export interface TestGateway {
  app: INestApplication;
  base: string;
  /** fetch against the gateway with the CSRF pair a page would send, and an optional bearer token. */
  send: (
    method: string,
    path: string,
    opts?: { token?: string; contentType?: string; payload?: string; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  login: (email: string) => Promise<string>;
  /** GET and JSON POST with an optional bearer token. */
  get: (path: string, token?: string) => Promise<{ status: number; body: any; headers: Headers }>;
  post: (
    path: string,
    body: unknown,
    token?: string,
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  /** A browser's multipart POST of one file to a presigned upload form (its action and inputs); fails the test unless accepted. */
  sendForm: (form: PresignedForm, bytes: Buffer, fileName: string) => Promise<void>;
  /** SQL on the gateway's own test database (to read what a context wrote: audit rows, outbox). */
  query: (sql: string, params?: unknown[]) => Promise<any[]>;
  close: () => Promise<void>;
}

export interface PresignedForm {
  inputs: Record<string, string>;
  attributes: { action: string };
}

/**
 * The real gateway (embedded mode, edge rules included) on its own port and database with the demo
 * data. Configuration reaches it the way it reaches production, through the environment, which is
 * restored on close.
 */
export const startTestGateway = async (env: Record<string, string> = {}): Promise<TestGateway> => {
  const saved = { ...process.env };
  const db = await createTestDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    PORT: String(port),
    PUBLIC_URL: base,
    HOST: '127.0.0.1',
    SMTP_CAPTURE_PORT: String(await freePort()),
    SEED_DEMO: 'true',
    FACILITY_CATALOGUE_SIZE: '200',
    DEMO_CT_SLICES: '4',
    NODE_ENV: 'test',
    ...env,
  });
  delete process.env.NATS_URL;
  // Payments (issue 30): the local processor, as `npm start` has it, unless the test names its own.
  const payments = process.env.STRIPE_SECRET_KEY
    ? null
    : await startLocalStripe({ webhookUrl: `${base}/api/subscription/processorWebhook` });
  if (payments)
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: payments.secretKey,
      STRIPE_WEBHOOK_SECRET: payments.webhookSecret,
      STRIPE_API_URL: payments.baseUrl,
      BILLING_TEST_CLOCKS: 'true',
    });
  const app = await startGateway();
  const send: TestGateway['send'] = async (method, path, opts = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: {
        [CSRF_HEADER]: 'fuzz',
        cookie: 'XSRF-TOKEN=fuzz',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.contentType ? { 'content-type': opts.contentType } : {}),
        ...opts.headers,
      },
      body: opts.payload,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers };
  };
  const login = async (email: string) => {
    const res = await send('POST', '/api/auth/login', {
      contentType: 'application/json',
      payload: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
    });
    if (res.status !== 200)
      throw new Error(`login of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };
  const sendForm = async (form: PresignedForm, bytes: Buffer, fileName: string) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(form.inputs)) body.append(k, v);
    body.append('file', new Blob([new Uint8Array(bytes)]), fileName);
    const res = await fetch(base + form.attributes.action, {
      method: 'POST',
      body,
      headers: { [CSRF_HEADER]: 'fuzz', cookie: 'XSRF-TOKEN=fuzz' },
    });
    if (res.status >= 300)
      throw new Error(`upload of ${fileName} answered ${res.status}: ${await res.text()}`);
  };
  return {
    app,
    base,
    send,
    login,
    get: (path, token) => send('GET', path, { token }),
    post: (path, body, token) =>
      send('POST', path, { token, contentType: 'application/json', payload: JSON.stringify(body) }),
    sendForm,
    query: async (sql, params = []) => {
      const client = new Client({ connectionString: db.url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    close: async () => {
      await app.close();
      await payments?.close();
      await db.drop();
      process.env = saved;
    },
  };
};
