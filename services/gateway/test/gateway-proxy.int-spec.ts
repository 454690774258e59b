import type { INestApplication } from '@nestjs/common';
import { runContext } from '@portal/server-kit';
import { createTestDatabase, freePort } from '@portal/server-kit/testing';
import { AuthContext } from '@portal/auth-service';
import { startGateway } from '../src/main';

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
    Object.assign(process.env, { DATABASE_URL: db.url, HOST: '127.0.0.1', SEED_DEMO: 'true', NODE_ENV: 'test', RATE_LIMIT_SENSITIVE_PER_MINUTE: '5' });
    delete process.env.NATS_URL;
    Object.assign(process.env, { PORT: String(authPort), SMTP_CAPTURE_PORT: String(await freePort()) });
    auth = await runContext(AuthContext, authPort);
    const urls = Object.fromEntries(['AUTH', 'REQUESTS', 'RECORDS', 'SHARING', 'IMAGING', 'PROVIDER'].map((n) => [`${n}_URL`, authUrl]));
    // Groups "runs" on a port nobody listens on: its calls must answer 503, not hang or crash.
    Object.assign(process.env, { ...urls, GROUPS_URL: `http://127.0.0.1:${closedPort}`, GATEWAY_MODE: 'proxy', AUTH_JWKS_URL: `${authUrl}/api/auth/jwks` });
    base = `http://127.0.0.1:${port}`;
    Object.assign(process.env, { PORT: String(port), PUBLIC_URL: base, SMTP_CAPTURE_PORT: String(await freePort()) });
    gateway = await startGateway();
  }, 60_000); // the OpenAPI merge retries the context that is down for 5 s before it gives up
  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    await dropDb?.();
    process.env = savedEnv;
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = { 'x-csrf-token': 'abc' }) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('sets the security headers, the CSRF cookie and the caller request id on a forwarded call', async () => {
    const res = await fetch(`${base}/api/featureSettings`, { headers: { 'x-request-id': 'proxy-request-0001' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=\w+; Path=\/; SameSite=Strict/);
    expect(res.headers.get('x-request-id')).toBe('proxy-request-0001');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await res.json()).toHaveProperty('enable_v2');
  });

  it('refuses forwarded state-changing calls without the CSRF header or with one that differs from the cookie', async () => {
    const missing = await post('/api/auth/login', { username: 'patient@example.com', password: 'Demo-Portal-1' }, {});
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ code: 'REQUEST.CSRF_MISSING' });
    expect((await post('/api/auth/login', {}, { 'x-csrf-token': 'one', cookie: 'XSRF-TOKEN=two' })).status).toBe(403);
  });

  it('compresses forwarded answers the caller accepts compressed', async () => {
    const res = await fetch(`${base}/api/getTimezones`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.json()).length).toBeGreaterThan(300);
  });

  it('answers CORS only for allowlisted origins, preflight included', async () => {
    const evil = await fetch(`${base}/api/featureSettings`, { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${base}/api/auth/login`, { method: 'OPTIONS', headers: { origin: base, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(base);
  });

  it('answers a context that is down with 503 and the shared error body', async () => {
    const res = await fetch(`${base}/api/groups/loadGrid`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM.UNAVAILABLE' });
  });

  it('leaves unknown API paths to the gateway (404, shared error body)', async () => {
    const res = await fetch(`${base}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'REQUEST.NOT_FOUND' });
  });

  it('signs in through the proxy (the body is forwarded) and rate limits the login per address', async () => {
    const ok = await post('/api/auth/login', { username: 'patient@example.com', password: 'Demo-Portal-1' });
    expect(ok.status).toBe(200);
    const { token } = await ok.json();
    const roles = await fetch(`${base}/api/user/roles`, { headers: { authorization: `Bearer ${token}` } });
    expect(roles.status).toBe(200);
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await post('/api/auth/login', { username: 'patient@example.com', password: 'wrong' });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
  });
});
