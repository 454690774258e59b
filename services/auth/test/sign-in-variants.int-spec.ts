import { AuthContext } from '@portal/auth-service';
import { MESSAGES } from '@portal/contracts';
import { CONFIG, type PortalConfig } from '@portal/server-kit';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { mintLoginAsLink } from '../src/login-as/issue-login-as-link/mint-login-as-link';
import { login, mailedToken, register, signIn } from './helpers';

const SUPPORT_KEY = 'test-support-key';
const tokenOf = (link: string) => /\/loginAs\?token=([\w-]{43})$/.exec(link)![1];

describe('sign-in variants and lookups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true, config: { supportApiKey: SUPPORT_KEY } });
  });
  afterAll(() => t?.close());

  const loginAsUser = (body: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/loginAsUser',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-support-key': key } : {}) },
      payload: JSON.stringify(body),
    });
  const exchange = (token: string, path = 'login-as-user') =>
    call(t.app, 'GET', `/api/auth/${path}/${token}`);

  describe('registerAccount', () => {
    it('creates a patient from email and password only, answers signed in, with every notification on', async () => {
      const me = await register(t, 'Reg@Example.com');
      expect(me).toMatchObject({
        role: { mnemonic: 'PATIENT' },
        challenge: null,
        user: { email: 'reg@example.com', firstName: '', lastName: '' },
      });
      expect((await call(t.app, 'GET', '/api/user/roles', { token: me.token })).status).toBe(200);
      const person = (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: me.token })).body;
      expect(person).toMatchObject({
        id: me.user.personId,
        firstName: '',
        lastName: '',
        dateOfBirth: null,
        email: 'reg@example.com',
        person_address: null,
      });
      expect(
        (await call(t.app, 'GET', '/api/notificationSettings', { token: me.token })).body.every(
          (s: { value: boolean }) => s.value,
        ),
      ).toBe(true);
      const [event] = await t.query(
        `SELECT payload FROM auth.outbox WHERE type = 'auth.user-registered' AND payload->>'userId' = $1`,
        [me.user.userId],
      );
      expect(event.payload).toMatchObject({ email: 'reg@example.com', roles: ['PATIENT'] });
      expect((await login(t, 'reg@example.com', 'First-Pass-1')).status).toBe(200);
    });

    it('refuses a taken address (409) and each rule with its message', async () => {
      const again = await call(t.app, 'POST', '/api/auth/registerAccount', {
        body: { email: 'PATIENT@example.com', password: 'Other-Pass-1' },
      });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'AUTH.EMAIL_TAKEN', message: MESSAGES.emailTaken });
      const post = (body: object) => call(t.app, 'POST', '/api/auth/registerAccount', { body });
      expect((await post({ email: 'x@example.com', password: 'short' })).body.errors).toEqual({
        password: MESSAGES.passwordMinLength,
      });
      expect((await post({ email: 'x@example.com' })).body.errors).toEqual({
        password: MESSAGES.newPasswordRequired,
      });
      expect((await post({ email: 'nope', password: 'Long-enough-1' })).body.errors.email).toBe(
        MESSAGES.pleaseEnterValidEmail,
      );
      expect((await post({ password: 'Long-enough-1' })).body.errors.email).toBe(MESSAGES.emailRequired);
    });
  });

  describe('POST /api/createAccount (external request)', () => {
    it('is the same call as /api/auth/createAccount: a set-password link, every notification on', async () => {
      const res = await call(t.app, 'POST', '/api/createAccount', {
        body: {
          firstName: 'Ext',
          lastName: 'Ernal',
          email: 'ext@example.com',
          dateOfBirth: '1980-05-06',
          locale: 'UTC',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ userId: expect.any(String), message: MESSAGES.setPasswordSent });
      const token = await mailedToken(t, 'ext@example.com', '/reset-password');
      await call(t.app, 'POST', '/api/auth/resetPassword', { body: { token, newPassword: 'Ext-Pass-1' } });
      const session = (await login(t, 'ext@example.com', 'Ext-Pass-1')).body.token;
      expect(
        (await call(t.app, 'GET', '/api/notificationSettings', { token: session })).body.every(
          (s: { value: boolean }) => s.value,
        ),
      ).toBe(true);
      expect(
        (
          await call(t.app, 'POST', '/api/createAccount', {
            body: {
              firstName: 'A',
              lastName: 'B',
              email: 'ext@example.com',
              dateOfBirth: '1980-05-06',
              locale: 'UTC',
            },
          })
        ).status,
      ).toBe(409);
    });
  });

  describe('getUserInformation', () => {
    it("answers the caller's own person id, and 'Person entry not found' (both 200) for any other address, only to signed-in callers", async () => {
      const patient = (await login(t, 'patient@example.com')).body;
      const own = await call(t.app, 'POST', '/api/getUserInformation', {
        token: patient.token,
        body: { email: ' Patient@Example.com ' },
      });
      expect(own.status).toBe(200);
      expect(own.headers['content-type']).toMatch(/^application\/json/);
      expect(own.body).toBe(patient.user.personId);
      // Another user's address answers exactly as an address nobody has: no person id, no existence.
      const token = await signIn(t, 'viewer@example.com');
      for (const email of ['patient@example.com', 'ghost@example.com']) {
        const other = await call(t.app, 'POST', '/api/getUserInformation', { token, body: { email } });
        expect(other.status).toBe(200);
        expect(other.body).toBe(MESSAGES.personEntryNotFound);
      }
      expect(
        (await call(t.app, 'POST', '/api/getUserInformation', { token, body: { email: 'nope' } })).body.errors
          .email,
      ).toBe(MESSAGES.pleaseEnterValidEmail);
      expect(
        (await call(t.app, 'POST', '/api/getUserInformation', { body: { email: 'patient@example.com' } }))
          .status,
      ).toBe(401);
    });
  });

  describe('login as user', () => {
    it('mints a single-use link for operators with the support key, audited with the reason', async () => {
      const body = { email: 'Patient@example.com', reason: 'Ticket 42: cannot see records' };
      expect((await loginAsUser(body)).statusCode).toBe(403);
      expect((await loginAsUser(body, 'wrong-key-of-some-length')).statusCode).toBe(403);
      const res = await loginAsUser(body, SUPPORT_KEY);
      expect(res.statusCode).toBe(200);
      expect(res.json().link).toMatch(/^https?:\/\/[^/]+\/loginAs\?token=[\w-]{43}$/);
      const token = tokenOf(res.json().link);
      const session = await exchange(token);
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({ challenge: null, user: { email: 'patient@example.com' } });
      expect((await call(t.app, 'GET', '/api/user/roles', { token: session.body.token })).status).toBe(200);
      const replay = await exchange(token);
      expect(replay.status).toBe(401);
      expect(replay.body.message).toBe(MESSAGES.invalidLoginAsToken);
      const audit = await t.query(
        `SELECT action, detail, request_id FROM auth.audit_log WHERE action IN ('auth.login-as-issued', 'auth.login-by-login-as') ORDER BY id`,
      );
      expect(audit.map((a) => a.action)).toEqual(['auth.login-as-issued', 'auth.login-by-login-as']);
      expect(audit[0].detail).toEqual({ reason: body.reason, via: 'api' });
      expect(audit.every((a) => a.request_id)).toBe(true);
    });

    it('validates the request and answers 404 for an unknown account', async () => {
      expect((await loginAsUser({ email: 'patient@example.com' }, SUPPORT_KEY)).json().errors.reason).toBe(
        'A reason is required',
      );
      expect((await loginAsUser({ reason: 'r' }, SUPPORT_KEY)).json().errors.email).toBe(
        MESSAGES.emailRequired,
      );
      const ghost = await loginAsUser({ email: 'ghost@example.com', reason: 'r' }, SUPPORT_KEY);
      expect(ghost.statusCode).toBe(404);
      expect(ghost.json().message).toBe(MESSAGES.emailNotFound);
    });

    it('does not exist when no support key is configured', async () => {
      const config = t.app.get<PortalConfig>(CONFIG);
      config.supportApiKey = undefined;
      try {
        expect(
          (await loginAsUser({ email: 'patient@example.com', reason: 'r' }, SUPPORT_KEY)).statusCode,
        ).toBe(404);
      } finally {
        config.supportApiKey = SUPPORT_KEY;
      }
    });

    it('refuses an expired, unknown or garbage token with "Invalid token!!!!"', async () => {
      const token = tokenOf(
        (await loginAsUser({ email: 'viewer@example.com', reason: 'r' }, SUPPORT_KEY)).json().link,
      );
      await t.query(
        `UPDATE auth.password_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'LOGIN_AS'`,
      );
      for (const bad of [token, 'A'.repeat(43), 'garbage']) {
        const res = await exchange(bad);
        expect(res.status).toBe(401);
        expect(res.body.message).toBe(MESSAGES.invalidLoginAsToken);
      }
    });

    it('a newer link replaces an unused older one', async () => {
      const first = tokenOf(
        (await loginAsUser({ email: 'fhir@example.com', reason: 'r' }, SUPPORT_KEY)).json().link,
      );
      const second = tokenOf(
        (await loginAsUser({ email: 'fhir@example.com', reason: 'r' }, SUPPORT_KEY)).json().link,
      );
      expect((await exchange(first)).status).toBe(401);
      expect((await exchange(second)).status).toBe(200);
    });

    it('the support CLI’s way (a plain pg transaction) mints the same audited link', async () => {
      const tx = { query: <T>(sql: string, params?: unknown[]) => t.query(sql, params) as Promise<T> };
      const link = await mintLoginAsLink(tx, 'https://portal.example', {
        email: 'viewer@example.com',
        reason: 'Ticket 7',
        via: 'cli',
      });
      expect(link).toMatch(/^https:\/\/portal\.example\/loginAs\?token=/);
      expect((await exchange(tokenOf(link))).body.user.email).toBe('viewer@example.com');
      const [audit] = await t.query(
        `SELECT detail FROM auth.audit_log WHERE action = 'auth.login-as-issued' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit.detail).toEqual({ reason: 'Ticket 7', via: 'cli' });
      await expect(
        mintLoginAsLink(tx, '', { email: 'ghost@example.com', reason: 'r', via: 'cli' }),
      ).rejects.toThrow(MESSAGES.emailNotFound);
    });
  });

  describe('phone login (older screen)', () => {
    it('mails a single-use sign-in link to the account with that number and answers the same for any number', async () => {
      const ok = await call(t.app, 'POST', '/api/auth/phoneLogin', {
        body: { countryCode: '1', phone: '2125550147' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: MESSAGES.phoneLoginSent });
      const [mail] = await t.mail.list('patient@example.com');
      expect(mail.subject).toBe('Your Patient Portal sign-in link');
      const token = (await mailedToken(t, 'patient@example.com', '/loginAs'))!;
      expect(
        (
          await call(t.app, 'POST', '/api/auth/phoneLogin', {
            body: { countryCode: '44', phone: '2125550147' },
          })
        ).body,
      ).toEqual({ message: MESSAGES.phoneLoginSent });
      expect(
        (await call(t.app, 'POST', '/api/auth/phoneLogin', { body: { phone: '9999999999' } })).body,
      ).toEqual({ message: MESSAGES.phoneLoginSent });
      expect(await t.mail.list('patient@example.com')).toHaveLength(1);

      const session = await exchange(token, 'loginWithPhoneUser');
      expect(session.body.user.email).toBe('patient@example.com');
      expect((await exchange(token)).body.message).toBe(MESSAGES.invalidLoginAsToken);
      const audit = await t.query(
        `SELECT action FROM auth.audit_log WHERE action IN ('auth.phone-login-link-sent', 'auth.login-by-phone-login') ORDER BY id`,
      );
      expect(audit.map((a) => a.action)).toEqual(['auth.phone-login-link-sent', 'auth.login-by-phone-login']);
    });

    it.each([
      [{ phone: '123' }, 'phone', MESSAGES.validPhone],
      [{ phone: '' }, 'phone', MESSAGES.phoneRequired],
      [{ countryCode: '+44', phone: '2125550147' }, 'countryCode', MESSAGES.validPhone],
    ])('refuses %j', async (body, field, message) => {
      const res = await call(t.app, 'POST', '/api/auth/phoneLogin', { body });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    });
  });
});
