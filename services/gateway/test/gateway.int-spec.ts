import type { INestApplication } from '@nestjs/common';
import { createTestDatabase, freePort } from '@portal/server-kit/testing';
import { startGateway } from '../src/main';

describe('gateway (embedded mode)', () => {
  let app: INestApplication;
  let base: string;
  let dropDb: () => Promise<void>;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    const db = await createTestDatabase();
    dropDb = db.drop;
    const port = await freePort();
    Object.assign(process.env, {
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMTP_CAPTURE_PORT: String(await freePort()),
      RATE_LIMIT_SENSITIVE_PER_MINUTE: '5',
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
    });
    delete process.env.NATS_URL;
    base = `http://127.0.0.1:${port}`;
    app = await startGateway();
  });
  afterAll(async () => {
    await app?.close();
    await dropDb?.();
    process.env = savedEnv;
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = { 'x-csrf-token': 'abc' }) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('is healthy when every context and database answers', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', mode: 'embedded', contexts: { auth: 'up', groups: 'up' } });
  });

  it('serves /remotes.json with one remoteEntry URL per remote', async () => {
    const res = await fetch(`${base}/remotes.json`);
    const manifest = await res.json();
    expect(Object.keys(manifest).sort()).toEqual(['mfe-auth', 'mfe-groups', 'mfe-provider', 'mfe-records', 'mfe-request-wizard', 'mfe-sharing', 'mfe-viewer']);
    expect(manifest['mfe-auth']).toBe(`${base}/remotes/mfe-auth/remoteEntry.js`);
  });

  it('refuses a state-changing call without the CSRF header', async () => {
    const res = await post('/api/auth/login', { username: 'patient@example.com', password: 'Demo-Portal-1' }, {});
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'REQUEST.CSRF_MISSING' });
  });

  it('refuses a CSRF header that differs from the cookie', async () => {
    const res = await post('/api/auth/login', {}, { 'x-csrf-token': 'one', cookie: 'XSRF-TOKEN=two' });
    expect(res.status).toBe(403);
  });

  it('lets mail clients post the one-click opt-out without the CSRF header (the signed id is the proof)', async () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=b' };
    const body = '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    const res = await fetch(`${base}/api/pages/opt-out?id=forged.id`, { method: 'POST', headers: multipart, body });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Invalid token');
    expect((await fetch(`${base}/api/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(403);
  });

  it('sets the CSRF cookie, security headers and a request id', async () => {
    const res = await fetch(`${base}/api/featureSettings`, { headers: { 'x-request-id': 'test-request-0001' } });
    expect(res.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=\w+; Path=\/; SameSite=Strict/);
    expect(res.headers.get('x-request-id')).toBe('test-request-0001');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('compresses what it serves', async () => {
    const res = await fetch(`${base}/api/getTimezones`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect((await res.json()).length).toBeGreaterThan(300);
  });

  it('allows only allowlisted origins (CORS)', async () => {
    const evil = await fetch(`${base}/api/featureSettings`, { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers unknown API paths with the shared error body', async () => {
    const res = await fetch(`${base}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, code: 'REQUEST.NOT_FOUND' });
  });

  it('signs in through the gateway and rate limits the login per address (429 with Retry-After)', async () => {
    const ok = await post('/api/auth/login', { username: 'patient@example.com', password: 'Demo-Portal-1' });
    expect(ok.status).toBe(200);
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await post('/api/auth/login', { username: 'patient@example.com', password: 'wrong' });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
  });

  it('serves the OpenAPI document of every context', async () => {
    const doc = await (await fetch(`${base}/api/docs-json`)).json();
    for (const path of ['/api/auth/login', '/api/myRecords/studyData', '/api/facility/getCustodians', '/api/groups/loadGrid', '/api/getSharedUsersList']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
