import { AuthContext } from '@portal/auth-service';
import { decodeJwt } from 'jose';
import { CONFIG, FhirCallers, type PortalConfig } from '@portal/server-kit';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { s256 } from '../src/smart/pkce';
import { signIn } from './helpers';

const REDIRECT = 'http://127.0.0.1:9999/callback';
const VERIFIER = 'a'.repeat(20) + '-verifier-of-forty-three-chars-or-more';

/** SMART App Launch 2.2 (standalone, patient) against the auth context's authorization server. */
describe('SMART App Launch', () => {
  let t: TestApp;
  let patient: string;
  let other: string;
  let fhirBase: string;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true });
    patient = await signIn(t, 'patient@example.com');
    other = await signIn(t, 'patient2@example.com');
    fhirBase = `${t.app.get<PortalConfig>(CONFIG).publicUrl}/api/fhir`;
  });
  afterAll(() => t?.close());

  const form = async (body: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/smart/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(body).toString(),
    });
    return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers };
  };

  const registerApp = async (extra: Record<string, unknown> = {}) => {
    const res = await call(t.app, 'POST', '/api/smart/register', {
      body: { client_name: 'Imaging Notes', redirect_uris: [REDIRECT], ...extra },
    });
    expect(res.status).toBe(201);
    return res.body as { client_id: string; client_secret?: string };
  };

  const authorizeUrl = (clientId: string, params: Record<string, string> = {}) =>
    `/api/smart/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope: 'launch/patient patient/ImagingStudy.rs patient/Patient.rs openid fhirUser offline_access',
      state: 'st-1',
      aud: fhirBase,
      code_challenge: s256(VERIFIER),
      code_challenge_method: 'S256',
      ...params,
    })}`;

  /** The whole dance up to the code: authorize, the consent screen's facts, Allow. */
  const codeFor = async (clientId: string, token = patient, scopes?: string[]) => {
    const start = await t.app.inject({ method: 'GET', url: authorizeUrl(clientId) });
    expect(start.statusCode).toBe(302);
    const requestId = new URL(start.headers.location as string, 'http://x').searchParams.get('request')!;
    const consent = await call(t.app, 'GET', `/api/smart/consent/${requestId}`, { token });
    expect(consent.status).toBe(200);
    const answer = await call(t.app, 'POST', `/api/smart/consent/${requestId}/decision`, {
      token,
      body: { approve: true, ...(scopes ? { scopes } : {}) },
    });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.redirectTo);
    expect(url.searchParams.get('state')).toBe('st-1');
    return { code: url.searchParams.get('code')!, consent: consent.body, requestId };
  };

  const exchange = (clientId: string, code: string, verifier = VERIFIER) =>
    form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: clientId,
    });

  const fhirCaller = (token: string) => t.app.get(FhirCallers).of(`Bearer ${token}`);

  it('runs the standalone launch: consent in plain words, a code, tokens with the patient in context', async () => {
    const { client_id } = await registerApp();
    const { code, consent } = await codeFor(client_id);
    expect(consent.clientName).toBe('Imaging Notes');
    expect(consent.clientOrigin).toBe('http://127.0.0.1:9999');
    expect(consent.scopes).toContainEqual({
      scope: 'patient/ImagingStudy.rs',
      words: 'Read and search your imaging studies and their images',
    });
    const res = await exchange(client_id, code);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const me = decodeJwt(patient).sub;
    expect(res.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 300,
      patient: me,
      need_patient_banner: true,
    });
    expect(res.body.scope.split(' ')).toEqual(
      expect.arrayContaining(['patient/ImagingStudy.rs', 'offline_access']),
    );
    expect(decodeJwt(res.body.id_token)).toMatchObject({
      fhirUser: `${fhirBase}/Patient/${me}`,
      aud: client_id,
    });
    await expect(fhirCaller(res.body.access_token)).resolves.toMatchObject({
      patientId: me,
      clientId: client_id,
    });
    // A SMART token opens FHIR reads only: the portal's own routes refuse it.
    expect(
      (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: res.body.access_token })).status,
    ).toBe(401);
  });

  it('grants only what the patient kept (required context scopes stay), and read/search parts only', async () => {
    const { client_id } = await registerApp();
    const start = await t.app.inject({
      method: 'GET',
      url: authorizeUrl(client_id, { scope: 'launch/patient patient/*.cruds patient/Patient.rs user/*.rs' }),
    });
    const requestId = new URL(start.headers.location as string, 'http://x').searchParams.get('request')!;
    const consent = await call(t.app, 'GET', `/api/smart/consent/${requestId}`, { token: patient });
    expect(consent.body.scopes.map((s: { scope: string }) => s.scope)).toEqual([
      'launch/patient',
      'patient/*.rs',
      'patient/Patient.rs',
    ]);
    const answer = await call(t.app, 'POST', `/api/smart/consent/${requestId}/decision`, {
      token: patient,
      body: { approve: true, scopes: ['patient/Patient.rs'] },
    });
    const code = new URL(answer.body.redirectTo).searchParams.get('code')!;
    expect((await exchange(client_id, code)).body.scope).toBe('launch/patient patient/Patient.rs');
    // Answered once: a second answer (another tab, a replay) finds nothing.
    const again = await call(t.app, 'POST', `/api/smart/consent/${requestId}/decision`, {
      token: patient,
      body: { approve: true },
    });
    expect(again.status).toBe(404);
  });

  it('refuses plain PKCE, a missing challenge, another aud and write-only scopes by redirecting the error to the app', async () => {
    const { client_id } = await registerApp();
    const errorOf = async (params: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: authorizeUrl(client_id, params) });
      expect(res.statusCode).toBe(302);
      const url = new URL(res.headers.location as string);
      expect(url.origin + url.pathname).toBe(REDIRECT);
      expect(url.searchParams.get('state')).toBe('st-1');
      return url.searchParams.get('error');
    };
    expect(await errorOf({ code_challenge_method: 'plain', code_challenge: VERIFIER })).toBe(
      'invalid_request',
    );
    expect(await errorOf({ code_challenge: '' })).toBe('invalid_request');
    expect(await errorOf({ aud: 'https://evil.example/fhir' })).toBe('invalid_request');
    expect(await errorOf({ scope: 'patient/*.cud openid' })).toBe('invalid_scope');
    expect(await errorOf({ response_type: 'token' })).toBe('unsupported_response_type');
  });

  it('never redirects to a URI the app did not register, nor for an unknown app', async () => {
    const { client_id } = await registerApp();
    const bad = await t.app.inject({
      method: 'GET',
      url: authorizeUrl(client_id, { redirect_uri: 'https://evil.example/cb' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.location).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: authorizeUrl('nobody') })).statusCode).toBe(400);
  });

  it('refuses a wrong code verifier; a reused code revokes the tokens it issued', async () => {
    const { client_id } = await registerApp();
    const { code } = await codeFor(client_id);
    const wrong = await exchange(client_id, code, 'b'.repeat(50));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const first = await exchange(client_id, code);
    expect(first.status).toBe(200);
    await expect(fhirCaller(first.body.access_token)).resolves.toBeTruthy();
    const replay = await exchange(client_id, code);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: 'invalid_grant', code: 'REQUEST.VALIDATION_FAILED' });
    await expect(fhirCaller(first.body.access_token)).rejects.toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
    const refresh = await form({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('rotates refresh tokens; a reused one revokes the authorization', async () => {
    const { client_id } = await registerApp();
    const first = (await exchange(client_id, (await codeFor(client_id)).code)).body;
    const second = await form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    await expect(fhirCaller(second.body.access_token)).resolves.toBeTruthy();
    const reused = await form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    await expect(fhirCaller(second.body.access_token)).rejects.toMatchObject({
      code: 'AUTH.UNAUTHENTICATED',
    });
    const third = await form({
      grant_type: 'refresh_token',
      refresh_token: second.body.refresh_token,
      client_id,
    });
    expect(third.body.error).toBe('invalid_grant');
  });

  it('makes a confidential client prove its secret', async () => {
    const app = await registerApp({ token_endpoint_auth_method: 'client_secret_basic' });
    expect(app.client_secret).toBeTruthy();
    const { code } = await codeFor(app.client_id);
    const basic = (secret: string) => ({
      authorization: `Basic ${Buffer.from(`${app.client_id}:${secret}`).toString('base64')}`,
    });
    const refused = await form(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
      basic('wrong'),
    );
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
    const ok = await form(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
      basic(app.client_secret!),
    );
    expect(ok.status).toBe(200);
  });

  it('lists connected apps and revokes one at once; another patient cannot revoke it', async () => {
    const { client_id } = await registerApp({ client_name: 'Revocable' });
    const tokens = (await exchange(client_id, (await codeFor(client_id)).code)).body;
    const list = await call(t.app, 'GET', '/api/smart/connectedApps', { token: patient });
    const app = list.body.find((a: { clientId: string }) => a.clientId === client_id);
    expect(app).toMatchObject({
      clientName: 'Revocable',
      offline: true,
      clientOrigin: 'http://127.0.0.1:9999',
    });
    expect(app.lastTokenAt).not.toBeNull();
    const theirs = await call(t.app, 'POST', `/api/smart/connectedApps/${app.authorizationId}/revoke`, {
      token: other,
    });
    expect(theirs.status).toBe(404);
    await expect(fhirCaller(tokens.access_token)).resolves.toBeTruthy();
    const revoke = await call(t.app, 'POST', `/api/smart/connectedApps/${app.authorizationId}/revoke`, {
      token: patient,
    });
    expect(revoke.status).toBe(200);
    await expect(fhirCaller(tokens.access_token)).rejects.toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
    const refresh = await form({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id,
    });
    expect(refresh.body.error).toBe('invalid_grant');
    const after = await call(t.app, 'GET', '/api/smart/connectedApps', { token: patient });
    expect(after.body.some((a: { clientId: string }) => a.clientId === client_id)).toBe(false);
    const [event] = await t.query(
      `SELECT payload FROM auth.outbox WHERE type = 'auth.session-revoked' AND payload->'sessionIds' ? $1`,
      [app.authorizationId],
    );
    expect(event).toBeTruthy();
  });

  it('answers a token request in the OAuth error shape: unsupported grant, an unknown code, a repeated parameter', async () => {
    const { client_id } = await registerApp();
    expect((await form({ grant_type: 'password', client_id })).body.error).toBe('unsupported_grant_type');
    expect((await exchange(client_id, 'nope')).body.error).toBe('invalid_grant');
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/api/smart/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=authorization_code&code=a&code=b&client_id=${client_id}`,
    });
    expect(repeated.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/smart/token',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
  });
});
