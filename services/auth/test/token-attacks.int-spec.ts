import { createHmac } from 'node:crypto';
import { decodeJwt, generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { AuthContext } from '@portal/auth-service';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, demoUserId } from '@portal/server-kit';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { login, register, signIn } from './helpers';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** What an attacker does with a token they hold: each answer must be 401 AUTH.UNAUTHENTICATED. */
describe('token attacks', () => {
  let t: TestApp;
  let token: string;
  let claims: JWTPayload;
  let kid: string;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true });
    token = await signIn(t, 'patient@example.com');
    claims = decodeJwt(token);
    kid = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid;
  });
  afterAll(() => t?.close());

  const refused = async (forged: string) => {
    const res = await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: forged });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTH.UNAUTHENTICATED');
  };

  /** Signs `payload` with the portal's own current key, as only the auth context can. */
  const signWithPortalKey = async (payload: JWTPayload, exp: number) => {
    const [row] = await t.query('SELECT private_jwk FROM auth.signing_keys WHERE kid = $1', [kid]);
    const { iat: _iat, exp: _exp, ...rest } = payload;
    return new SignJWT(rest)
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuedAt(exp - 900)
      .setExpirationTime(exp)
      .sign(await importJWK(row.private_jwk, 'EdDSA'));
  };

  it('accepts the genuine token (the attacks below differ from it in one thing each)', async () => {
    expect((await call(t.app, 'GET', '/api/myIdentity/getPerson', { token })).status).toBe(200);
    expect(
      (
        await call(t.app, 'GET', '/api/myIdentity/getPerson', {
          token: await signWithPortalKey(claims, Math.floor(Date.now() / 1000) + 60),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses alg none', () => refused(`${b64({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`));

  it('refuses a changed payload under the old signature (another user id)', () => {
    const [h, , s] = token.split('.');
    return refused(
      `${h}.${b64({ ...claims, sub: demoUserId('provider@example.com'), roles: ['EXTERNAL_PROVIDER'] })}.${s}`,
    );
  });

  it('refuses a changed signature', () => {
    const [h, p, s] = token.split('.');
    return refused(`${h}.${p}.${s.slice(0, -4)}${s.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`);
  });

  it('refuses a token signed with another key under the same kid', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const { iat: _iat, exp: _exp, ...rest } = claims;
    await refused(
      await new SignJWT(rest)
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey),
    );
  });

  it('refuses HS256 signed with the public key as the secret (algorithm confusion)', async () => {
    const jwks = (await call(t.app, 'GET', '/api/auth/jwks')).body;
    const head = `${b64({ alg: 'HS256', typ: 'JWT', kid })}.${token.split('.')[1]}`;
    await refused(
      `${head}.${createHmac('sha256', JSON.stringify(jwks.keys[0])).update(head).digest('base64url')}`,
    );
  });

  it('refuses a token of another issuer or audience signed with the portal key', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    await refused(await signWithPortalKey({ ...claims, iss: 'someone-else' }, exp));
    await refused(await signWithPortalKey({ ...claims, aud: 'another-app' }, exp));
    expect([TOKEN_ISSUER, TOKEN_AUDIENCE]).toEqual([claims.iss, claims.aud]);
  });

  it('refuses an expired token signed with the portal key', async () =>
    refused(await signWithPortalKey(claims, Math.floor(Date.now() / 1000) - 60)));

  it('refuses the token of a session ended by a password change', async () => {
    const account = await register(t, 'attacks-password@example.com');
    const elsewhere = (await login(t, 'attacks-password@example.com', 'First-Pass-1')).body;
    const res = await call(t.app, 'PUT', '/api/myIdentity/updatePassword', {
      token: account.token,
      body: {
        currentPassword: 'First-Pass-1',
        newPassword: 'Second-Pass-2',
        confirmNewPassword: 'Second-Pass-2',
      },
    });
    expect(res.status).toBe(200);
    await refused(elsewhere.token);
    expect(
      (await call(t.app, 'POST', '/api/auth/refresh', { body: { refresh_token: elsewhere.refresh_token } }))
        .status,
    ).toBe(401);
  });
});
