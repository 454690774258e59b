import * as fs from 'node:fs';
import * as path from 'node:path';
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

  const shellScript = () =>
    fs.readdirSync(path.join(__dirname, '../../../shell/dist')).find((f) => /^main\..*\.js$/.test(f));
  it.each([
    ['a remote', 'mfe-viewer', 'remotes/mfe-viewer/remoteEntry.js'],
    ['the shell', 'shell', () => shellScript()],
  ])(
    'serves %s as its build compressed it (brotli or gzip beside each file), as JavaScript',
    async (_, pkg, at) => {
      const url = typeof at === 'string' ? at : (at() ?? 'missing');
      const name = path.basename(url);
      const file = (suffix: string) =>
        fs.readFileSync(path.join(__dirname, '../../..', pkg, 'dist', name + suffix));
      const entry = file('');
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
        ['identity', ''],
      ]) {
        const res = await fetch(`${base}/${url}`, {
          headers: { 'accept-encoding': encoding },
        });
        expect(res.headers.get('content-encoding')).toBe(suffix ? encoding : null);
        expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
        // The length of the file the build wrote: compressed per request, the answer would be chunked.
        expect(res.headers.get('content-length')).toBe(String(file(suffix).length));
        expect(Buffer.from(await res.arrayBuffer()).equals(entry)).toBe(true); // fetch decodes it
      }
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
