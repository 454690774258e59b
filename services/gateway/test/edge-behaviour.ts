/**
 * The edge's rules as a caller sees them, the same in both modes: embedded (Fastify's hook) and proxy
 * (the front that forwards before Fastify). `base` is read when each test runs, after the suite's setup.
 */
export const itKeepsTheEdgeRules = (base: () => string, sensitiveLimit: number): void => {
  const post = (path: string, body: unknown, headers: Record<string, string> = { 'x-csrf-token': 'abc' }) =>
    fetch(base() + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('sets the security headers, the CSRF cookie and keeps the caller request id', async () => {
    const res = await fetch(`${base()}/api/featureSettings`, {
      headers: { 'x-request-id': 'edge-request-0001' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=\w+; Path=\/; SameSite=Strict/);
    expect(res.headers.get('x-request-id')).toBe('edge-request-0001');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await res.json()).toHaveProperty('enable_v2');
  });

  it('refuses state-changing calls without the CSRF header or with one that differs from the cookie', async () => {
    const missing = await post(
      '/api/auth/login',
      { username: 'patient@example.com', password: 'Demo-Portal-1' },
      {},
    );
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ code: 'REQUEST.CSRF_MISSING' });
    expect(
      (await post('/api/auth/login', {}, { 'x-csrf-token': 'one', cookie: 'XSRF-TOKEN=two' })).status,
    ).toBe(403);
  });

  it.each(['br', 'gzip'])('compresses answers the caller accepts as %s', async (encoding) => {
    const res = await fetch(`${base()}/api/getTimezones`, { headers: { 'accept-encoding': encoding } });
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect((await res.json()).length).toBeGreaterThan(300);
  });

  it('answers CORS only for allowlisted origins, preflight included', async () => {
    const evil = await fetch(`${base()}/api/featureSettings`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${base()}/api/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: base(), 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(base());
  });

  it('answers unknown API paths with the shared error body', async () => {
    const res = await fetch(`${base()}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, code: 'REQUEST.NOT_FOUND' });
  });

  it('signs in (the body reaches the context) and rate limits the login per address (429 with Retry-After)', async () => {
    const ok = await post('/api/auth/login', { username: 'patient@example.com', password: 'Demo-Portal-1' });
    expect(ok.status).toBe(200);
    const roles = await fetch(`${base()}/api/user/roles`, {
      headers: { authorization: `Bearer ${(await ok.json()).token}` },
    });
    expect(roles.status).toBe(200);
    let last: Response | undefined;
    for (let i = 0; i < sensitiveLimit; i++)
      last = await post('/api/auth/login', { username: 'patient@example.com', password: 'wrong' });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
  });
};
