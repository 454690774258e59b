import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { CONTEXT_NAMES, type ContextName, loadConfig } from '@portal/server-kit';
import { freePort } from '@portal/server-kit/testing';
import { API_ROUTES, contextOfPath } from '../src/api-routes';
import { nginxConfig, nginxOptionsFromConfig } from '../src/nginx-config';

const { ensureNginx } = require('../bin/ensure-nginx.cjs') as { ensureNginx: () => string };

/** One small server per context that says who answered and what it was sent. */
const startContext = (name: ContextName): Promise<{ server: Server; url: string }> =>
  new Promise((resolve) => {
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ context: name, url: req.url, headers: req.headers }));
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}` }),
    );
  });

const listening = async (port: number, nginx: ChildProcess, log: () => string) => {
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited ${nginx.exitCode}: ${log()}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port }, () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('nginx configuration written from the route table', () => {
  const nginx = ensureNginx();
  let dir: string;
  let base: string;
  let conf: string;
  let proc: ChildProcess;
  let stderr = '';
  const contexts: Array<{ server: Server }> = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
    fs.mkdirSync(path.join(dir, 'temp'));
    const urls: Record<string, string> = {};
    for (const name of CONTEXT_NAMES) {
      const c = await startContext(name);
      contexts.push(c);
      urls[`${name.toUpperCase()}_URL`] = c.url;
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      ...urls,
      PORT: String(port),
      PUBLIC_URL: 'https://portal.example',
      CORS_ORIGINS: 'https://facility.example',
      RATE_LIMIT_SENSITIVE_PER_MINUTE: '3',
    });
    conf = nginxConfig(
      nginxOptionsFromConfig(config, {
        listen: `127.0.0.1:${port}`,
        workerProcesses: 1,
        foreground: true,
        tempDir: path.join(dir, 'temp'),
      }),
    );
    fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
    proc = spawn(nginx, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    proc.stderr!.on('data', (d) => (stderr += d));
    await listening(port, proc, () => stderr);
  });
  afterAll(async () => {
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGQUIT'); // graceful stop of master and worker
      await exited;
    }
    await Promise.all(contexts.map((c) => new Promise((r) => c.server.close(r))));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes nginx -t', () => {
    const out = execFileSync(nginx, ['-t', '-c', path.join(dir, 'nginx.conf'), '-p', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe('');
  });

  it('has a location for every API prefix, to the context that owns it', () => {
    for (const [prefix, context] of API_ROUTES) {
      for (const match of [`= ${prefix}`, `${prefix}/`]) {
        const block = conf.split(`    location ${match} {\n`)[1]?.split('    }')[0];
        expect(block).toContain(`proxy_pass http://portal_${context};`);
      }
    }
  });

  it('routes every path to the context contextOfPath names (longest prefix), and nothing else under /api', async () => {
    const paths = [
      ...API_ROUTES.flatMap(([prefix]) => [prefix, `${prefix}/x`, `${prefix}?q=1`]),
      '/api/v2/myRecords/loadGrid',
      '/api/myRecords/studyData',
    ];
    for (const p of paths) {
      const body = await (await fetch(base + p)).json();
      expect({ p, context: body.context, url: body.url }).toEqual({ p, context: contextOfPath(p), url: p });
    }
    const unknown = await fetch(`${base}/api/authx`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'REQUEST.NOT_FOUND' });
  });

  it('adds the security headers, the CSRF cookie and a request id, and forwards the caller', async () => {
    const res = await fetch(`${base}/api/user/roles`, { headers: { 'x-request-id': 'nginx-test-0001' } });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=\w+; Path=\/; SameSite=Strict/);
    expect(res.headers.get('x-request-id')).toBe('nginx-test-0001');
    const sent = (await res.json()).headers;
    expect(sent).toMatchObject({
      'x-request-id': 'nginx-test-0001',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
    });
    const withCookie = await fetch(`${base}/api/user/roles`, { headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(withCookie.headers.get('set-cookie')).toBeNull();
  });

  it('refuses state-changing calls without the CSRF header or with one that differs from the cookie', async () => {
    const post = (headers: Record<string, string>, p = '/api/requests/save') =>
      fetch(base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    const missing = await post({});
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ code: 'REQUEST.CSRF_MISSING' });
    expect((await post({ 'x-csrf-token': 'one', cookie: 'XSRF-TOKEN=two' })).status).toBe(403);
    expect((await post({ 'x-csrf-token': 'same', cookie: 'XSRF-TOKEN=same' })).status).toBe(200);
    expect((await post({ 'x-csrf-token': 'any' })).status).toBe(200);
    expect((await post({}, '/api/pages/opt-out?id=x')).status).toBe(200);
  });

  it('answers CORS only for allowlisted origins', async () => {
    const allowed = await fetch(`${base}/api/user/roles`, {
      headers: { origin: 'https://facility.example' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://facility.example');
    const evil = await fetch(`${base}/api/user/roles`, { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${base}/api/requests/save`, {
      method: 'OPTIONS',
      headers: { origin: 'https://portal.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('rate limits sign-in per address (429 with Retry-After and the shared error body)', async () => {
    const login = () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': 'a' },
        body: '{}',
      });
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) last = await login();
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
    expect((await fetch(`${base}/api/user/roles`)).status).toBe(200);
  });
});
