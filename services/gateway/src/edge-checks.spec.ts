import type { IncomingMessage } from 'node:http';
import { loadConfig } from '@portal/server-kit';
import { createEdge } from './edge-checks';

const request = (method: string, url: string, headers: Record<string, string> = {}, address = '10.0.0.1') =>
  ({ method, url, headers, socket: { remoteAddress: address } }) as unknown as IncomingMessage;

const run = (edge: ReturnType<typeof createEdge>, req: IncomingMessage) => {
  const headers: Record<string, string> = {};
  const answer = edge.apply(req, (name, value) => (headers[name] = value));
  // Without REDIS_URL the rules answer at once, with no promise per call.
  if (answer instanceof Promise) throw new Error('the in-memory edge answered with a promise');
  return { answer, headers };
};

describe('the edge rules (one function for the proxy front and for Fastify)', () => {
  const config = loadConfig({
    PUBLIC_URL: 'https://portal.example',
    CORS_ORIGINS: 'https://facility.example',
    RATE_LIMIT_PER_MINUTE: '3',
    RATE_LIMIT_SENSITIVE_PER_MINUTE: '2',
  });

  it("sets helmet's headers and a CSRF cookie when the caller has none", () => {
    const { answer, headers } = run(createEdge(config), request('GET', '/api/user/roles'));
    expect(answer).toBeUndefined();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['set-cookie']).toMatch(/^XSRF-TOKEN=[0-9a-f]{32}; Path=\/; SameSite=Strict$/);
    expect(
      run(createEdge(config), request('GET', '/', { cookie: 'a=1; XSRF-TOKEN=abc' })).headers['set-cookie'],
    ).toBeUndefined();
  });

  it("lets only the imaging viewer's scripts (its decode worker) evaluate code; pages and other scripts keep the policy", () => {
    const policy = (url: string) =>
      run(createEdge(config), request('GET', url)).headers['content-security-policy'];
    expect(policy('/remotes/mfe-viewer/521.d52a6fb1.js')).toMatch(
      /script-src 'self' 'wasm-unsafe-eval'[^;]* 'unsafe-eval'/,
    );
    expect(policy('/view/demo-open-link')).not.toContain("'unsafe-eval'");
    expect(policy('/remotes/mfe-records/remoteEntry.js')).not.toContain("'unsafe-eval'");
    expect(policy('/remotes/mfe-viewer/wasm/a.wasm')).not.toContain("'unsafe-eval'");
  });

  it("opens the SMART apps' API (FHIR, DICOMweb, token, registration) to any site without credentials or CSRF header; nothing else", () => {
    const edge = createEdge(loadConfig({ RATE_LIMIT_PER_MINUTE: '100' }), {
      embedOrigins: { allowed: () => false },
    });
    const app = { origin: 'https://notes.example' };
    const token = run(edge, request('POST', '/api/smart/token', app));
    expect(token.answer).toBeUndefined();
    expect(token.headers['access-control-allow-origin']).toBe('*');
    expect(token.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = run(
      edge,
      request('OPTIONS', '/api/fhir/Patient/1/$export', { ...app, 'access-control-request-method': 'GET' }),
    );
    expect(preflight.answer?.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('prefer');
    expect(preflight.headers['access-control-expose-headers']).toContain('content-location');
    expect(
      run(edge, request('GET', '/api/dicomweb/studies', app)).headers['access-control-allow-origin'],
    ).toBe('*');
    // The consent decision and the portal's own routes stay closed to other sites and keep the CSRF check.
    const consent = run(edge, request('POST', '/api/smart/consent/x/decision', app));
    expect(consent.headers['access-control-allow-origin']).toBeUndefined();
    expect(consent.answer?.status).toBe(403);
    expect(
      run(edge, request('GET', '/api/smart/connectedApps', app)).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('refuses state-changing /api calls without the header, or with one that differs from the cookie', () => {
    const edge = createEdge(loadConfig({ RATE_LIMIT_PER_MINUTE: '100' }));
    const refused = (req: IncomingMessage) => run(edge, req).answer?.status === 403;
    expect(refused(request('POST', '/api/requests/save'))).toBe(true);
    expect(
      refused(request('DELETE', '/api/requests/1', { 'x-csrf-token': 'a', cookie: 'XSRF-TOKEN=b' })),
    ).toBe(true);
    expect(
      refused(request('POST', '/api/requests/save', { 'x-csrf-token': 'a', cookie: 'XSRF-TOKEN=a' })),
    ).toBe(false);
    expect(refused(request('POST', '/api/requests/save', { 'x-csrf-token': 'a' }))).toBe(false);
    expect(refused(request('GET', '/api/requests/list'))).toBe(false);
    expect(refused(request('POST', '/api/pages/opt-out?id=x'))).toBe(false);
    expect(refused(request('POST', '/api/pages/opt-out-more'))).toBe(true);
    // STOW-RS from DICOM systems: header-authenticated only, so no CSRF header is asked for.
    expect(refused(request('POST', '/api/dicomweb/studies', { authorization: 'Bearer x' }))).toBe(false);
    expect(refused(request('POST', '/api/dicomwebx/studies'))).toBe(true);
    expect(run(edge, request('POST', '/api/auth/login')).answer?.body).toMatchObject({
      code: 'REQUEST.CSRF_MISSING',
    });
  });

  it('allows only allowlisted origins and answers their preflight', () => {
    const edge = createEdge(config, { embedOrigins: { allowed: () => false } });
    expect(
      run(edge, request('GET', '/api/x', { origin: 'https://evil.example' })).headers[
        'access-control-allow-origin'
      ],
    ).toBeUndefined();
    const preflight = run(
      edge,
      request('OPTIONS', '/api/x', {
        origin: 'https://facility.example',
        'access-control-request-method': 'PUT',
      }),
    );
    expect(preflight.answer).toEqual({ status: 204 });
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': 'https://facility.example',
      'access-control-allow-credentials': 'true',
    });
    expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
  });

  it("asks the facility allowlist (embedOrigin) about other origins' /api calls, and waits for its answer", async () => {
    const asked: string[] = [];
    const embedOrigins = {
      allowed: (o: string) => (asked.push(o), Promise.resolve(o === 'https://hospital.example')),
    };
    const edge = createEdge(config, { embedOrigins });
    const headers: Record<string, string> = {};
    const answer = await edge.apply(
      request('OPTIONS', '/api/facility/x', {
        origin: 'https://hospital.example',
        'access-control-request-method': 'POST',
      }),
      (n, v) => (headers[n] = v),
    );
    expect(answer).toEqual({ status: 204 });
    expect(headers).toMatchObject({
      'access-control-allow-origin': 'https://hospital.example',
      'access-control-allow-credentials': 'true',
    });
    const other: Record<string, string> = {};
    expect(
      await edge.apply(
        request('GET', '/api/facility/x', { origin: 'https://evil.example' }),
        (n, v) => (other[n] = v),
      ),
    ).toBeUndefined();
    expect(other['access-control-allow-origin']).toBeUndefined();
    // Its own and CORS_ORIGINS are known without asking; pages and bundles and malformed origins are never asked about.
    run(edge, request('GET', '/api/x', { origin: 'https://portal.example' }));
    run(edge, request('GET', '/embed.js', { origin: 'https://other.example' }));
    run(edge, request('GET', '/api/x', { origin: 'https://other.example/path' }));
    expect(asked).toEqual(['https://hospital.example', 'https://evil.example']);
  });

  it('limits per address, more strictly per sign-in path, with Retry-After', () => {
    const edge = createEdge(config);
    const login = (address: string) =>
      run(edge, request('POST', '/api/auth/login?x=1', { 'x-csrf-token': 'a' }, address));
    expect(login('10.0.0.1').answer).toBeUndefined();
    expect(login('10.0.0.1').answer).toBeUndefined();
    const limited = login('10.0.0.1');
    expect(limited.answer).toMatchObject({ status: 429, body: { code: 'REQUEST.RATE_LIMITED' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(login('10.0.0.2').answer).toBeUndefined();
    // The general limit is counted apart from the sign-in one: 3 a minute here.
    const roles = () => run(edge, request('GET', '/api/user/roles', {}, '10.0.0.1')).answer?.status;
    expect([roles(), roles(), roles(), roles()]).toEqual([undefined, undefined, undefined, 429]);
    expect(run(edge, request('GET', '/api/user/roles', {}, '10.0.0.3')).answer).toBeUndefined();
  });

  it('counts a caller by its socket address whatever X-Forwarded-For it makes up', () => {
    const edge = createEdge(loadConfig({ RATE_LIMIT_PER_MINUTE: '1' }));
    expect(
      run(edge, request('GET', '/', { 'x-forwarded-for': '1.2.3.4' }, '203.0.113.9')).answer,
    ).toBeUndefined();
    expect(
      run(edge, request('GET', '/', { 'x-forwarded-for': '5.6.7.8' }, '203.0.113.9')).answer?.status,
    ).toBe(429);
    expect(edge.callerAddress(request('GET', '/', { 'x-forwarded-for': '5.6.7.8' }, '203.0.113.9'))).toBe(
      '203.0.113.9',
    );
  });

  it('believes X-Forwarded-For only from a proxy TRUSTED_PROXIES names, taking the first address it did not add', () => {
    const edge = createEdge(loadConfig({ RATE_LIMIT_PER_MINUTE: '1', TRUSTED_PROXIES: '10.0.0.0/8' }));
    // A client's own entry before the proxy's is not believed: the proxy appended the client's real address.
    expect(
      edge.callerAddress(request('GET', '/', { 'x-forwarded-for': '6.6.6.6, 198.51.100.4' }, '10.0.0.9')),
    ).toBe('198.51.100.4');
    expect(
      edge.callerAddress(request('GET', '/', { 'x-forwarded-for': '198.51.100.4' }, '203.0.113.9')),
    ).toBe('203.0.113.9');
    expect(
      run(edge, request('GET', '/', { 'x-forwarded-for': '198.51.100.4' }, '10.0.0.9')).answer,
    ).toBeUndefined();
    expect(
      run(edge, request('GET', '/', { 'x-forwarded-for': '198.51.100.4' }, '10.0.0.7')).answer?.status,
    ).toBe(429);
  });

  it('keeps one sign-in window per address and route, not one per e-mail in the path', () => {
    const edge = createEdge(loadConfig({ RATE_LIMIT_SENSITIVE_PER_MINUTE: '2' }));
    const check = (email: string) =>
      run(edge, request('GET', `/api/auth/checkUserEmail/${email}`, {}, '203.0.113.5')).answer?.status;
    expect([check('a@x.org'), check('b@x.org'), check('c@x.org')]).toEqual([undefined, undefined, 429]);
  });
});
