import { importJWK, SignJWT } from 'jose';
import { AuthContext } from '@portal/auth-service';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@portal/server-kit';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { login } from './helpers';

/**
 * A browser keeps sending the bearer token it stored, also once it has expired, was revoked by a
 * logout or was mangled: public routes serve it as a visitor, protected routes still answer 401.
 */
describe('public routes with a stale or bad bearer token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true });
  });
  afterAll(() => t?.close());

  /** A token signed with the context's own key whose lifetime ended a minute ago. */
  const expiredToken = async (claims: Record<string, unknown>, sub: string): Promise<string> => {
    const [key] = await t.query(
      `SELECT kid, private_jwk FROM auth.signing_keys ORDER BY created_at DESC LIMIT 1`,
    );
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
      .setSubject(sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(await importJWK(key.private_jwk, 'EdDSA'));
  };

  const badTokens = async (): Promise<Record<string, string>> => {
    const session = (await login(t, 'patient@example.com')).body;
    const revoked = session.token as string;
    expect((await call(t.app, 'POST', '/api/auth/logout', { token: revoked })).status).toBe(200);
    const [, payload] = revoked.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const { sub, iat: _iat, exp: _exp, iss: _iss, aud: _aud, ...rest } = claims;
    return {
      expired: await expiredToken(rest, sub),
      revoked,
      garbage: 'not-a-jwt',
      'wrong signature': `${revoked.slice(0, revoked.lastIndexOf('.'))}.AAAA`,
    };
  };

  it('GET /api/featureSettings answers 200 with the settings whatever token comes along', async () => {
    const plain = await call(t.app, 'GET', '/api/featureSettings');
    expect(plain.status).toBe(200);
    for (const [kind, token] of Object.entries(await badTokens())) {
      const res = await call(t.app, 'GET', '/api/featureSettings', { token });
      expect({ kind, status: res.status, body: res.body }).toEqual({ kind, status: 200, body: plain.body });
    }
  });

  it('other public calls (time zones, email lookup) ignore a bad token too', async () => {
    const { expired, garbage } = await badTokens();
    for (const token of [expired, garbage]) {
      expect((await call(t.app, 'GET', '/api/getTimezones', { token })).status).toBe(200);
      const lookup = await call(t.app, 'GET', '/api/auth/checkUserEmail/patient@example.com', { token });
      expect(lookup.status).toBe(200);
      expect(lookup.body).toMatchObject({ userExist: true });
    }
  });

  it('a protected call still answers 401 to each of those tokens', async () => {
    for (const [kind, token] of Object.entries(await badTokens())) {
      const res = await call(t.app, 'GET', '/api/user/roles', { token });
      expect({ kind, status: res.status, code: res.body.code }).toEqual({
        kind,
        status: 401,
        code: 'AUTH.UNAUTHENTICATED',
      });
    }
  });

  it('a valid token still reaches a protected call', async () => {
    const token = (await login(t, 'patient@example.com')).body.token;
    expect((await call(t.app, 'GET', '/api/user/roles', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/featureSettings', { token })).status).toBe(200);
  });
});
