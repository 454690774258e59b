import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { contextHop, encodingOf } from '../src/context-hop';

/** Raw bytes and headers, as sent (fetch would decompress). */
const raw = (url: string, headers: Record<string, string>) =>
  new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    }).on('error', reject);
  });

/** A real HTTP pair: a "context" that answers by path, and a front that forwards everything to it. */
const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

describe('the hop to a context', () => {
  const big = Buffer.from(
    JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ i, label: `row ${i}` }))),
  );
  let context: Server;
  let front: Server;
  let base: string;
  let hop: ReturnType<typeof contextHop>;

  beforeAll(async () => {
    context = createServer((req, res) => {
      if (req.url === '/big')
        return void res
          .writeHead(200, { 'content-type': 'application/json', 'content-length': big.length })
          .end(big);
      if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return void res.end(big);
      }
      if (req.url === '/echo') {
        const parts: Buffer[] = [];
        req.on('data', (c: Buffer) => parts.push(c));
        req.on('end', () =>
          res.writeHead(201, { 'content-type': 'text/plain', 'set-cookie': 'a=1' }).end(Buffer.concat(parts)),
        );
        return;
      }
      if (req.url === '/cut' || req.url === '/cut-small') {
        const length = req.url === '/cut' ? big.length : 50_000; // streamed, or collected in one go
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(length) });
        // Part of the answer reaches the socket, then the context dies.
        return void res.write(big.subarray(0, length / 2), () => res.destroy());
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ headers: req.headers }));
    });
    hop = contextHop(await listen(context));
    front = createServer((req, res) => {
      res.setHeader('set-cookie', 'XSRF-TOKEN=x');
      // As the edge resolves it: the socket's peer (no proxy is trusted here).
      hop.forward(req, res, 'hop-test-0001', encodingOf(req.headers['accept-encoding']), {
        address: req.socket.remoteAddress ?? '',
        viaTrustedProxy: false,
      });
    });
    base = await listen(front);
  });
  afterAll(async () => {
    await hop.close();
    await Promise.all([context, front].map((s) => new Promise((r) => s.close(r))));
  });

  it("forwards the request id and the caller as the edge resolved it (never the client's own X-Forwarded-*), and not the connection headers", async () => {
    const { headers } = await (
      await fetch(`${base}/headers`, {
        headers: {
          'x-forwarded-for': '203.0.113.9',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'evil.example',
        },
      })
    ).json();
    expect(headers).toMatchObject({
      'x-request-id': 'hop-test-0001',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
    });
    expect(headers['x-forwarded-host']).toBe(new URL(base).host);
  });

  it('streams a large answer whole, sized or chunked', async () => {
    for (const path of ['/big', '/chunked']) {
      const res = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
      expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
    }
  });

  it('compresses text answers when the caller accepts it, and never what it refuses', async () => {
    const packed = await raw(base + '/big', { 'accept-encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(packed.body).equals(big)).toBe(true);
    expect(encodingOf('gzip;q=0, br;q=0')).toBeUndefined();
    expect(encodingOf('gzip, br;q=0.5')).toBe('br');
    const binary = await raw(base + '/chunked', { 'accept-encoding': 'gzip' });
    expect(binary.headers['content-encoding']).toBeUndefined();
    expect(binary.body.equals(big)).toBe(true);
  });

  it('forwards a request body and keeps both cookies', async () => {
    const res = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello context',
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('hello context');
    expect(res.headers.getSetCookie()).toEqual(['XSRF-TOKEN=x', 'a=1']);
  });

  it('cuts the answer off when the context does, instead of sending a short body as whole', async () => {
    for (const path of ['/cut', '/cut-small'])
      await expect(fetch(base + path).then((r) => r.arrayBuffer())).rejects.toThrow();
  });
});
