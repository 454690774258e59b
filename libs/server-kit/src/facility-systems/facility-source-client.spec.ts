import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import type { SmartFhirSourceConfig } from '@portal/contracts';
import { FacilitySourceClient, isSourceOrigin, readLimited, SourceError } from './facility-source-client';

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c)).on('end', () => resolve(s));
  });

describe('FacilitySourceClient', () => {
  let server: Server;
  let origin: string;
  let publicKey: CryptoKey;
  let privateJwk: Record<string, unknown>;
  const seen = { tokens: 0, assertions: [] as string[], auth: [] as string[] };
  beforeAll(async () => {
    const pair = await generateKeyPair('ES384', { extractable: true });
    publicKey = pair.publicKey as CryptoKey;
    privateJwk = { ...(await exportJWK(pair.privateKey)), alg: 'ES384', kid: 'k1' };
    server = createServer((req, res) => void answer(req, res)).listen(0, '127.0.0.1');
    async function answer(req: IncomingMessage, res: ServerResponse) {
      if (req.url === '/fhir/.well-known/smart-configuration')
        return res.end(JSON.stringify({ token_endpoint: `${origin}/token` }));
      if (req.url === '/token') {
        seen.tokens += 1;
        seen.assertions.push(new URLSearchParams(await body(req)).get('client_assertion')!);
        return res.end(JSON.stringify({ access_token: `t${seen.tokens}`, expires_in: 300 }));
      }
      if (req.url === '/fhir/slow') return; // never answers
      if (req.url === '/fhir/big') return res.end('x'.repeat(2048));
      seen.auth.push(req.headers.authorization ?? '');
      res.end('[]');
    }
    await new Promise((r) => server.once('listening', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections(); // the slow call's socket
    return new Promise((r) => server.close(r));
  });

  const source = (): SmartFhirSourceConfig => ({
    id: 'ehr',
    custodianId: '00000000-0000-4000-8000-000000000001',
    facilityName: 'Lakeside Radiology',
    kind: 'fhir',
    baseUrl: `${origin}/fhir`,
    auth: { type: 'smart-backend', clientId: 'portal', privateKeyJwk: privateJwk },
  });

  it('gets a SMART Backend Services token with a signed client assertion once, and sends it on every call', async () => {
    const client = new FacilitySourceClient();
    for (let i = 0; i < 2; i++)
      await client.json(
        await client.fetch(source(), `${origin}/fhir/Patient`, {
          accept: 'application/fhir+json',
          deadline: Date.now() + 2000,
        }),
        'x',
      );
    expect(seen.tokens).toBe(1);
    expect(seen.auth.slice(-2)).toEqual(['Bearer t1', 'Bearer t1']);
    const assertion = seen.assertions[0];
    await jwtVerify(assertion, publicKey, {
      audience: `${origin}/token`,
      issuer: 'portal',
      subject: 'portal',
    });
    expect(decodeProtectedHeader(assertion)).toMatchObject({ alg: 'ES384', kid: 'k1' });
    const claims = decodeJwt(assertion);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(300);
    expect(claims.jti).toBeTruthy();
  });

  it("never sends credentials to another origin than the source's own (an answer may name any URL)", async () => {
    const client = new FacilitySourceClient();
    await expect(
      client.fetch(source(), 'http://169.254.169.254/latest/meta-data', {
        accept: '*/*',
        deadline: Date.now() + 1000,
      }),
    ).rejects.toThrow('outside its own system');
    expect(isSourceOrigin(source(), `${origin}/dicom-web`)).toBe(true);
    expect(isSourceOrigin(source(), 'not a url')).toBe(false);
  });

  it('ends a call at its deadline as timed out', async () => {
    const client = new FacilitySourceClient();
    const err = await client
      .fetch({ ...source(), auth: { type: 'none' } }, `${origin}/fhir/slow`, {
        accept: '*/*',
        deadline: Date.now() + 200,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err).toMatchObject({ timedOut: true, message: 'The facility did not answer in time' });
  });

  it('reads an answer only up to its limit', async () => {
    const client = new FacilitySourceClient();
    const res = await client.fetch({ ...source(), auth: { type: 'none' } }, `${origin}/fhir/big`, {
      accept: '*/*',
      deadline: Date.now() + 1000,
    });
    await expect(readLimited(res, 1024)).rejects.toThrow('more than the portal reads');
  });
});
