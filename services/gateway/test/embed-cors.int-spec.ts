import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { REQUESTS_API } from '@portal/contracts';
import { createTestDatabase, freePort } from '@portal/server-kit/testing';
import { startGateway } from '../src/main';
import { EMBED_SCRIPT_PATH, embedScriptFile } from '../src/static-files';

const FACILITY_SITE = 'https://www.lakeside-radiology.example';
const OTHER_SITE = 'https://evil.example';

/**
 * The CORS allowlist of facility sites (the embedded wizard): the gateway (proxy mode) asks the
 * requests context's embedOrigin for an unknown origin and answers CORS only for allowed ones. The
 * context here is a stub that allowlists one site and counts the questions (the real route is built on
 * the requests branch; the path asked is the contract's).
 */
describe('gateway CORS for facility sites (embedded wizard)', () => {
  let gateway: INestApplication;
  let stub: http.Server;
  let base: string;
  let dropDb: () => Promise<void>;
  let madeEmbedFile = false;
  const asked: string[] = [];
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    stub = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stub');
      if (url.pathname === REQUESTS_API.embedOrigin) {
        const origin = url.searchParams.get('origin') ?? '';
        asked.push(origin);
        const allowed = origin === FACILITY_SITE;
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ allowed, custodianIds: allowed ? ['f1'] : [] }));
      }
      if (url.pathname === '/api/docs-json')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"paths":{}}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    const db = await createTestDatabase();
    dropDb = db.drop;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const urls = Object.fromEntries(
      ['AUTH', 'REQUESTS', 'RECORDS', 'SHARING', 'IMAGING', 'PROVIDER', 'GROUPS'].map((n) => [
        `${n}_URL`,
        stubUrl,
      ]),
    );
    Object.assign(process.env, {
      ...urls,
      DATABASE_URL: db.url,
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      GATEWAY_MODE: 'proxy',
      PORT: String(port),
      PUBLIC_URL: base,
      SMTP_CAPTURE_PORT: String(await freePort()),
    });
    delete process.env.NATS_URL;
    // The gateway serves the wizard's build; without one (a tree not built yet) the test brings a stand-in.
    if (!fs.existsSync(embedScriptFile())) {
      fs.mkdirSync(path.dirname(embedScriptFile()), { recursive: true });
      fs.writeFileSync(embedScriptFile(), '/* embed stand-in */');
      madeEmbedFile = true;
    }
    gateway = await startGateway();
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await new Promise((r) => stub?.close(r));
    await dropDb?.();
    if (madeEmbedFile) fs.rmSync(embedScriptFile());
    process.env = savedEnv;
  });

  const getFrom = (origin: string, p = REQUESTS_API.getCustodians) =>
    fetch(`${base}${p}?filterStr=lake`, { headers: { origin } });
  const preflight = (origin: string) =>
    fetch(`${base}${REQUESTS_API.requestPatientRecordExternal}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-csrf-token',
      },
    });

  it('answers CORS, credentials included, to a site a facility allowlists, and its preflight', async () => {
    const res = await getFrom(FACILITY_SITE);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(FACILITY_SITE);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toContain('Origin');

    const pre = await preflight(FACILITY_SITE);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(FACILITY_SITE);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-csrf-token');
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('gives no CORS headers to a site no facility lists, preflight included', async () => {
    const res = await getFrom(OTHER_SITE);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(OTHER_SITE);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('asks the requests context once a minute per origin, never for its own origin or a malformed one', async () => {
    for (let i = 0; i < 3; i++) await getFrom(FACILITY_SITE);
    await getFrom(base);
    await getFrom('https://x.example/path');
    expect(asked.filter((o) => o === FACILITY_SITE)).toHaveLength(1);
    expect(asked.filter((o) => o === OTHER_SITE)).toHaveLength(1);
    expect(asked).not.toContain(base);
    expect(asked).not.toContain('https://x.example/path');
  });

  it('serves /embed.js to other sites (cross-origin resource policy) as JavaScript, revalidated', async () => {
    const res = await fetch(`${base}${EMBED_SCRIPT_PATH}`, { headers: { origin: FACILITY_SITE } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect((await res.text()).length).toBeGreaterThan(0);
  });
});
