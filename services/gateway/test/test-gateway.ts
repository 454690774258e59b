import type { INestApplication } from '@nestjs/common';
import { CSRF_HEADER } from '@portal/contracts';
import { DEMO_PASSWORD } from '@portal/server-kit';
import { createTestDatabase, freePort } from '@portal/server-kit/testing';
import { startGateway } from '../src/main';

export interface TestGateway {
  app: INestApplication;
  base: string;
  /** fetch against the gateway with the CSRF pair a page would send, and an optional bearer token. */
  send: (method: string, path: string, opts?: { token?: string; contentType?: string; payload?: string }) => Promise<{ status: number; body: any; headers: Headers }>;
  login: (email: string) => Promise<string>;
  close: () => Promise<void>;
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
  Object.assign(process.env, { DATABASE_URL: db.url, PORT: String(port), PUBLIC_URL: base, HOST: '127.0.0.1', SMTP_CAPTURE_PORT: String(await freePort()), SEED_DEMO: 'true', FACILITY_CATALOGUE_SIZE: '200', DEMO_CT_SLICES: '4', NODE_ENV: 'test', ...env });
  delete process.env.NATS_URL;
  const app = await startGateway();
  const send: TestGateway['send'] = async (method, path, opts = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: {
        [CSRF_HEADER]: 'fuzz',
        cookie: 'XSRF-TOKEN=fuzz',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.contentType ? { 'content-type': opts.contentType } : {}),
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
    const res = await send('POST', '/api/auth/login', { contentType: 'application/json', payload: JSON.stringify({ username: email, password: DEMO_PASSWORD }) });
    if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };
  return {
    app,
    base,
    send,
    login,
    close: async () => {
      await app.close();
      await db.drop();
      process.env = saved;
    },
  };
};
