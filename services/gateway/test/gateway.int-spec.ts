import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { distOf } from '../src/static-files';
import { startTestGateway, type TestGateway } from './test-gateway';
import { itKeepsTheEdgeRules } from './edge-behaviour';

describe('gateway (embedded mode)', () => {
  let gw: TestGateway;
  let base: string;

  beforeAll(async () => {
    gw = await startTestGateway({ RATE_LIMIT_SENSITIVE_PER_MINUTE: '5' });
    base = gw.base;
  });
  afterAll(() => gw?.close());

  itKeepsTheEdgeRules(() => base, 6);

  it('is healthy when every context and database answers', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      mode: 'embedded',
      contexts: { auth: 'up', groups: 'up' },
    });
  });

  it('serves /remotes.json with one remoteEntry URL per remote', async () => {
    const res = await fetch(`${base}/remotes.json`);
    const manifest = await res.json();
    expect(Object.keys(manifest).sort()).toEqual([
      'mfe-auth',
      'mfe-groups',
      'mfe-provider',
      'mfe-records',
      'mfe-request-wizard',
      'mfe-sharing',
      'mfe-viewer',
    ]);
    expect(manifest['mfe-auth']).toBe(`${base}/remotes/mfe-auth/remoteEntry.js`);
  });

  it.each([
    ['a remote', 'mfe-viewer', 'remotes/mfe-viewer/', /^remoteEntry\.js$/],
    ['the shell', 'shell', '', /^main\..*\.js$/],
  ])(
    'serves %s as its build compressed it (brotli or gzip beside each file), as JavaScript',
    async (_, pkg, prefix, pattern) => {
      // Hashed names change with every build: the file is found in the build the gateway serves.
      const name = fs.readdirSync(distOf(pkg)).find((f) => pattern.test(f)) ?? 'missing';
      const file = (suffix: string) => fs.readFileSync(path.join(distOf(pkg), name + suffix));
      const entry = file('');
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
        ['identity', ''],
      ]) {
        const res = await fetch(`${base}/${prefix}${name}`, { headers: { 'accept-encoding': encoding } });
        expect(res.headers.get('content-encoding')).toBe(suffix ? encoding : null);
        expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
        // The length of the file the build wrote: compressed per request, the answer would be chunked.
        expect(res.headers.get('content-length')).toBe(String(file(suffix).length));
        expect(Buffer.from(await res.arrayBuffer()).equals(entry)).toBe(true); // fetch decodes it
      }
    },
  );

  it.each(['/remotes/mfe-viewer/%2e%2e/package.json', '/remotes/mfe-viewer/..%2f..%2f..%2fpackage.json'])(
    'serves nothing outside a build for %s, whatever encoding is asked',
    async (target) => {
      // Sent as written: fetch would resolve the dots before the gateway saw them.
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(
          {
            host: new URL(base).hostname,
            port: new URL(base).port,
            path: target,
            headers: { 'accept-encoding': 'br, gzip' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1') }),
            );
          },
        );
        req.on('error', reject);
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.body).not.toContain('"name"');
    },
  );

  it('lets mail clients post the one-click opt-out without the CSRF header (the signed id is the proof)', async () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=b' };
    const body =
      '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    const res = await fetch(`${base}/api/pages/opt-out?id=forged.id`, {
      method: 'POST',
      headers: multipart,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Invalid token');
    expect(
      (
        await fetch(`${base}/api/subscriptions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(403);
  });

  it('serves the OpenAPI document of every context', async () => {
    const doc = await (await fetch(`${base}/api/docs-json`)).json();
    for (const path of [
      '/api/auth/login',
      '/api/myRecords/studyData',
      '/api/facility/getCustodians',
      '/api/groups/loadGrid',
      '/api/getSharedUsersList',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
