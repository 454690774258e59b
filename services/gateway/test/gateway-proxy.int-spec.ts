import type { INestApplication } from '@nestjs/common';
import { runContext } from '@portal/server-kit';
import { createTestDatabase, freePort } from '@portal/server-kit/testing';
import { AuthContext } from '@portal/auth-service';
import { startGateway } from '../src/main';
import { itKeepsTheEdgeRules } from './edge-behaviour';

/**
 * Proxy mode: the auth context runs alone and the gateway forwards to it through its front (proxied calls
 * skip Fastify and Nest), so the edge's rules must hold there as they do in embedded mode.
 */
describe('gateway (proxy mode)', () => {
  let auth: INestApplication;
  let gateway: INestApplication;
  let base: string;
  let dropDb: () => Promise<void>;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    const db = await createTestDatabase();
    dropDb = db.drop;
    const [authPort, port, closedPort] = [await freePort(), await freePort(), await freePort()];
    const authUrl = `http://127.0.0.1:${authPort}`;
    Object.assign(process.env, {
      DATABASE_URL: db.url,
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      FACILITY_CATALOGUE_SIZE: '200',
      DEMO_CT_SLICES: '4',
      NODE_ENV: 'test',
      RATE_LIMIT_SENSITIVE_PER_MINUTE: '5',
    });
    delete process.env.NATS_URL;
    Object.assign(process.env, { PORT: String(authPort), SMTP_CAPTURE_PORT: String(await freePort()) });
    auth = await runContext(AuthContext, authPort);
    const urls = Object.fromEntries(
      ['AUTH', 'REQUESTS', 'RECORDS', 'SHARING', 'IMAGING', 'PROVIDER'].map((n) => [`${n}_URL`, authUrl]),
    );
    // Groups "runs" on a port nobody listens on: its calls must answer 503, not hang or crash.
    Object.assign(process.env, {
      ...urls,
      GROUPS_URL: `http://127.0.0.1:${closedPort}`,
      GATEWAY_MODE: 'proxy',
      AUTH_JWKS_URL: `${authUrl}/api/auth/jwks`,
    });
    base = `http://127.0.0.1:${port}`;
    Object.assign(process.env, {
      PORT: String(port),
      PUBLIC_URL: base,
      SMTP_CAPTURE_PORT: String(await freePort()),
    });
    gateway = await startGateway();
  }, 60_000); // the OpenAPI merge retries the context that is down for 5 s before it gives up
  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    await dropDb?.();
    process.env = savedEnv;
  });

  itKeepsTheEdgeRules(() => base, 6);

  it('answers a context that is down with 503 and the shared error body', async () => {
    const res = await fetch(`${base}/api/groups/loadGrid`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM.UNAVAILABLE' });
  });
});
