import * as net from 'node:net';
import * as http from 'node:http';
import { CSRF_HEADER } from '@portal/contracts';
import { startTestGateway, type TestGateway } from './test-gateway';

/**
 * Which parser sees a body: each route reads only the bodies it declares. The outside test sent 20 MB of
 * multipart/related to the sign-in route and froze every context for 80 s; here every such body is
 * refused before it is read, and a probe of other callers goes on answering meanwhile.
 */

/** A POST whose headers promise `length` bytes while only the first KB is sent: answered before the rest, or never. */
const answerBeforeBody = (
  base: string,
  path: string,
  contentType: string,
  length: number,
  token?: string,
): Promise<{ status: number; body: any; sent: number }> =>
  new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': contentType,
          'content-length': String(length),
          [CSRF_HEADER]: 'x',
          cookie: 'XSRF-TOKEN=x',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sent: 1024 });
        });
      },
    );
    req.on('error', (err) => ((err as { code?: string }).code === 'ECONNRESET' ? undefined : reject(err)));
    // The rest of the body is never sent: only an answer that did not wait for it can arrive.
    req.write(Buffer.alloc(1024));
  });

describe('hostile bodies', () => {
  let gw: TestGateway;
  let patient: string;

  beforeAll(async () => {
    gw = await startTestGateway({
      RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000',
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000',
    });
    patient = await gw.login('patient@example.com');
  });
  afterAll(() => gw?.close());

  const JSON_ROUTES = [
    '/api/auth/login',
    '/api/auth/registerAccount',
    '/api/auth/forgotPassword',
    '/api/v2/myRecords/loadGrid',
    '/api/myIdentity/saveDetails',
  ];
  const BINARY_TYPES = [
    'multipart/related; type="application/dicom"; boundary=b',
    'application/octet-stream',
    'multipart/form-data; boundary=b',
    'text/plain',
    'application/dicom',
  ];

  it.each(JSON_ROUTES.flatMap((route) => BINARY_TYPES.map((type) => [route, type])))(
    '%s refuses a 20 MB %s body with 415 before reading it',
    async (route, type) => {
      const res = await answerBeforeBody(gw.base, route, type, 20 * 1024 * 1024, patient);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        code: 'FILE.INVALID_TYPE',
        message: expect.stringContaining('application/json'),
        requestId: expect.any(String),
      });
    },
  );

  it('refuses a JSON body larger than the route takes (413) before reading it', async () => {
    const res = await answerBeforeBody(gw.base, '/api/auth/login', 'application/json', 20 * 1024 * 1024);
    expect(res).toMatchObject({ status: 413, body: { code: 'FILE.TOO_LARGE' } });
  });

  it('STOW-RS takes multipart/related, but reads no byte of it before the caller is authenticated', async () => {
    const res = await answerBeforeBody(
      gw.base,
      '/api/dicomweb/studies',
      'multipart/related; type="application/dicom"; boundary=b',
      500 * 1024 * 1024,
    );
    expect(res).toMatchObject({ status: 401, body: { code: 'AUTH.UNAUTHENTICATED' } });
    const json = await gw.send('POST', '/api/dicomweb/studies', {
      token: patient,
      contentType: 'application/json',
      payload: '{}',
    });
    expect(json).toMatchObject({
      status: 415,
      body: { code: 'FILE.INVALID_TYPE', message: expect.stringContaining('multipart/related') },
    });
  });

  it('keeps answering other callers while 20 MB binary bodies are refused', async () => {
    const hostile = Array.from({ length: 10 }, () =>
      gw.send('POST', '/api/auth/login', {
        contentType: 'multipart/related; type="application/dicom"; boundary=b',
        payload: Buffer.alloc(20 * 1024 * 1024).toString('latin1'),
      }),
    );
    const probes = Array.from({ length: 20 }, () => gw.send('GET', '/api/user/role', { token: patient }));
    const answers = await Promise.all([...hostile, ...probes]);
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(415));
    expect(answers.slice(10).map((a) => a.status)).toEqual(Array(20).fill(200));
  });

  it('answers a JSON body nested 10,000 deep with a 400 in the vocabulary', async () => {
    const res = await gw.send('POST', '/api/auth/login', {
      contentType: 'application/json',
      payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'REQUEST.VALIDATION_FAILED' } });
  });

  it('takes the one-click opt-out as a form post (RFC 8058), and no other route takes forms', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const optOut = await fetch(`${gw.base}/api/pages/opt-out?id=forged.id`, {
      method: 'POST',
      headers: form,
      body: 'List-Unsubscribe=One-Click',
    });
    expect(optOut.status).toBe(400);
    expect(await optOut.text()).toContain('Invalid token');
    const login = await gw.send('POST', '/api/auth/login', {
      contentType: 'application/x-www-form-urlencoded',
      payload: 'username=a&password=b',
    });
    expect(login).toMatchObject({ status: 415, body: { code: 'FILE.INVALID_TYPE' } });
  });
});

describe('slow requests', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({
      BODY_PACE_WINDOW_MS: '1000',
      BODY_PACE_MIN_BYTES: '1024',
      HEADERS_TIMEOUT_MS: '2000',
    });
  });
  afterAll(() => gw?.close());

  /**
   * Sends `headers` and `first`, then one byte every 300 ms, until the server closes the connection:
   * resolves how many were trickled and what the server answered.
   */
  const trickle = (headers: string, first = ''): Promise<{ sent: number; answer: string }> =>
    new Promise((resolve) => {
      const url = new URL(gw.base);
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write(headers + first));
      let sent = 0;
      let answer = '';
      const timer = setInterval(() => socket.writable && (socket.write('a'), sent++), 300);
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ sent, answer });
      });
    });

  it('closes a connection whose body trickles in (one byte every 300 ms here), however long it says it is', async () => {
    const ended = await trickle(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nx-csrf-token: x\r\n\r\n`,
      '{"username":"',
    );
    // One pace window (1 s here) or two: a few bytes, never the whole body.
    expect(ended.sent).toBeLessThan(20);
  });

  it('closes a connection whose headers never finish, answering 408 (which a browser retries, where it would show a 400)', async () => {
    // Resolves only once the server has closed it.
    const { answer } = await trickle('GET / HTTP/1.1\r\nHost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      statusCode: 408,
      code: 'REQUEST.TIMEOUT',
      message: 'The request did not arrive in time',
    });
  });
});
