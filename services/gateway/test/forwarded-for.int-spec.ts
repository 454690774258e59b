import { AUTH_API, REQUESTS_API, SHARING_API, VIEWER_PASSWORD_ATTEMPTS } from '@portal/contracts';
import { startTestGateway, type TestGateway } from './test-gateway';

/**
 * Every per-address limit counts the socket's address: the outside test rotated X-Forwarded-For and
 * made 300 wrong sign-ins with no 429, 40 wrong public-link passwords before the right one, and 200
 * anonymous wizard upload forms. No proxy is trusted here (TRUSTED_PROXIES unset), so a made-up header
 * changes nothing: each limited route is tried with a new address in the header on every call.
 */
const LIMIT = 5;
let n = 0;
const rotating = () => ({ 'x-forwarded-for': `198.51.100.${++n % 250}, 203.0.113.${n % 250}` });

describe('X-Forwarded-For from a client is not an address', () => {
  let gw: TestGateway;
  const post = (path: string, body: unknown) =>
    fetch(gw.base + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': 'x',
        cookie: 'XSRF-TOKEN=x',
        ...rotating(),
      },
      body: JSON.stringify(body),
    });
  const get = (path: string) => fetch(gw.base + path, { headers: rotating() });

  beforeAll(async () => {
    gw = await startTestGateway({
      RATE_LIMIT_SENSITIVE_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000',
    });
  });
  afterAll(() => gw?.close());

  it('sign-in: the call past the limit is a 429 whatever address the header claims', async () => {
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++)
      statuses.push(
        (await post(AUTH_API.login, { username: `nobody${i}@example.com`, password: 'wrong-Password-1' }))
          .status,
      );
    expect(statuses.slice(0, LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });

  it('checkUserEmail: one window for every address looked up, past which a 429', async () => {
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++)
      statuses.push((await get(`${AUTH_API.checkUserEmail}/someone${i}@example.com`)).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
  });

  it('the wizard upload form: past the limit a 429', async () => {
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++)
      statuses.push((await get(`${REQUESTS_API.uploadForm}?kind=govt_id`)).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
  });

  it('a public link: after the wrong passwords the lock holds, and the right password is refused too', async () => {
    const tries = [];
    for (let i = 0; i < VIEWER_PASSWORD_ATTEMPTS; i++)
      tries.push(
        (await post(SHARING_API.validateViewerPassword('demo-viewer-link'), { password: `wrong-${i}` }))
          .status,
      );
    expect(tries).toEqual(Array(VIEWER_PASSWORD_ATTEMPTS).fill(400));
    const right = await post(SHARING_API.validateViewerPassword('demo-viewer-link'), {
      password: 'Demo-viewer-1',
    });
    expect(right.status).toBe(429);
  });
});
