import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { startTestGateway, type TestGateway } from './test-gateway';

/**
 * Demo conveniences stay on this machine: the outside test took over any account with an anonymous
 * forgotPassword, the dev inbox's API and resetPassword. Callers a proxy forwarded (the only way a test
 * on loopback can look like someone else) find no dev inbox and no health details; /remotes.json never
 * builds script URLs from a caller's headers; a production start refuses the demo defaults.
 */
const SUPPORT_KEY = 'support-key-for-health';
const forwarded = { 'x-forwarded-for': '203.0.113.50' };

describe('demo conveniences stay local', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway({ SUPPORT_API_KEY: SUPPORT_KEY });
  });
  afterAll(() => gw?.close());

  it('serves the dev inbox and its mail to a caller on this machine only', async () => {
    const local = await fetch(`${gw.base}/api/dev/mail`);
    expect(local.status).toBe(200);
    expect(Array.isArray(await local.json())).toBe(true);
    expect((await fetch(`${gw.base}/dev/inbox`)).status).toBe(200);
    for (const url of ['/api/dev/mail?to=patient@example.com', '/dev/inbox', '/dev/inbox.js']) {
      const remote = await fetch(gw.base + url, { headers: forwarded });
      expect({ url, status: remote.status }).toEqual({ url, status: 404 });
    }
    expect(await (await fetch(`${gw.base}/api/dev/mail`, { headers: forwarded })).json()).toMatchObject({
      code: 'REQUEST.NOT_FOUND',
      message: 'Cannot GET /api/dev/mail',
    });
  });

  it('answers /health with its status alone to others, and with its details locally or with the support key', async () => {
    expect(await (await fetch(`${gw.base}/health`, { headers: forwarded })).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${gw.base}/api/auth/health`, { headers: forwarded })).json()).toEqual({
      status: 'ok',
    });
    expect(await (await fetch(`${gw.base}/health`)).json()).toMatchObject({
      status: 'ok',
      database: 'up',
      contexts: { auth: 'up' },
    });
    expect(
      await (
        await fetch(`${gw.base}/health`, { headers: { ...forwarded, 'x-support-key': SUPPORT_KEY } })
      ).json(),
    ).toMatchObject({ database: 'up' });
    expect(
      await (
        await fetch(`${gw.base}/health`, { headers: { ...forwarded, 'x-support-key': 'guess' } })
      ).json(),
    ).toEqual({ status: 'ok' });
  });

  it("builds /remotes.json from PUBLIC_URL, never from the caller's Host or X-Forwarded-Proto", async () => {
    const manifest = await (
      await fetch(`${gw.base}/remotes.json`, {
        headers: { host: 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      })
    ).json();
    expect(Object.values(manifest).every((url) => String(url).startsWith(`${gw.base}/remotes/`))).toBe(true);
  });

  it('a production start (NODE_ENV=production) with demo defaults stops at once, saying what to set', async () => {
    const main = path.join(__dirname, '..', 'dist', 'main.js');
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
    };
    const run = promisify(execFile)(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(main)}).startGateway().catch((e) => { console.error(e.message); process.exit(1); })`,
      ],
      { env, timeout: 60_000 },
    );
    const failure = await run.then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('NODE_ENV=production refuses demo defaults');
    expect(failure?.stderr).toContain('SMTP_URL is not set');
    expect(failure?.stderr).toContain('SEED_DEMO is not false');
  });
});
