import { AuthContext } from '@portal/auth-service';
import { MESSAGES } from '@portal/contracts';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

const login = (t: TestApp, username: string, password = 'Demo-Portal-1') => call(t.app, 'POST', '/api/auth/login', { body: { username, password } });
const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([\\w-]{43})`).exec(text)?.[1];
const mailedToken = async (t: TestApp, to: string, path: string) => tokenIn((await t.mail.list(to))[0]?.text ?? '', path);
const account = async (t: TestApp, email: string, password = 'First-Pass-1') => {
  const res = await call(t.app, 'POST', '/api/auth/registerAccount', { body: { email, password } });
  expect(res.status).toBe(201);
  return res.body as { token: string; refresh_token: string; user: { personId: string } };
};
const solved = async (t: TestApp) => {
  const challenge = (await call(t.app, 'GET', '/api/subscriptions/challenge')).body;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

describe('account flows', () => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.SUPPORT_API_KEY = 'test-support-key';
    t = await startTestApp([AuthContext], { seed: true });
  });
  afterAll(async () => {
    delete process.env.SUPPORT_API_KEY;
    await t?.close();
  });

  describe('registerAccount and getUserInformation', () => {
    it('registers with email and password, answers signed in, refuses a taken address', async () => {
      const me = await account(t, 'reg@example.com');
      expect((await call(t.app, 'GET', '/api/user/roles', { token: me.token })).status).toBe(200);
      const again = await call(t.app, 'POST', '/api/auth/registerAccount', { body: { email: 'REG@example.com', password: 'Other-Pass-1' } });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MESSAGES.emailTaken);
      const short = await call(t.app, 'POST', '/api/auth/registerAccount', { body: { email: 'x@example.com', password: 'short' } });
      expect(short.body.errors).toEqual({ password: MESSAGES.passwordMinLength });
      expect((await call(t.app, 'POST', '/api/auth/registerAccount', { body: { email: 'nope', password: 'Long-enough-1' } })).body.errors.email).toBe(MESSAGES.pleaseEnterValidEmail);
    });

    it('answers a person id or "Person entry not found", only to signed-in callers', async () => {
      const me = await account(t, 'lookup@example.com');
      expect((await call(t.app, 'POST', '/api/getUserInformation', { token: me.token, body: { email: 'lookup@example.com' } })).body).toBe(me.user.personId);
      expect((await call(t.app, 'POST', '/api/getUserInformation', { token: me.token, body: { email: 'ghost@example.com' } })).body).toBe(MESSAGES.personEntryNotFound);
      expect((await call(t.app, 'POST', '/api/getUserInformation', { body: { email: 'lookup@example.com' } })).status).toBe(401);
    });
  });

  describe('updatePassword', () => {
    it('in either payload reading: ends every other session, keeps this tab signed in, mails the notice', async () => {
      const me = await account(t, 'pw@example.com');
      const elsewhere = (await login(t, 'pw@example.com', 'First-Pass-1')).body;
      const res = await call(t.app, 'PUT', '/api/myIdentity/updatePassword', {
        token: me.token,
        body: { currentPassword: 'First-Pass-1', newPassword: ' Second Pass-2 ', confirmNewPassword: 'SecondPass-2' },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MESSAGES.passwordChanged);
      expect((await call(t.app, 'GET', '/api/user/roles', { token: elsewhere.token })).status).toBe(401);
      expect((await call(t.app, 'GET', '/api/user/roles', { token: me.token })).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refresh_token: elsewhere.refresh_token } })).status).toBe(401);
      expect((await call(t.app, 'GET', '/api/user/roles', { token: res.body.token })).status).toBe(200);
      expect((await login(t, 'pw@example.com', 'SecondPass-2')).status).toBe(200);
      const [notice] = await t.mail.list('pw@example.com');
      expect(notice.subject).toBe('Your Patient Portal password was changed');
      expect(notice.text).toMatch(/\/unsubscribe\/[\w-]+\.[\w-]+/);

      const older = await call(t.app, 'POST', '/api/myIdentity/updatePassword', {
        token: res.body.token,
        body: { currentPassword: 'SecondPass-2', newPassword1: 'Third-Pass-3', newPassword2: 'Third-Pass-3' },
      });
      expect(older.status).toBe(200);
      expect((await login(t, 'pw@example.com', 'Third-Pass-3')).status).toBe(200);
    });

    it('refuses a wrong current password and each rule with its message', async () => {
      const me = await account(t, 'pwrules@example.com');
      const put = (body: object) => call(t.app, 'PUT', '/api/myIdentity/updatePassword', { token: me.token, body });
      expect((await put({ currentPassword: 'Wrong-Pass-1', newPassword: 'Valid-Pass-1', confirmNewPassword: 'Valid-Pass-1' })).body.message).toBe(MESSAGES.currentPasswordIncorrect);
      expect((await put({ newPassword: 'Valid-Pass-1', confirmNewPassword: 'Valid-Pass-1' })).body.errors.currentPassword).toBe(MESSAGES.currentPasswordRequired);
      expect((await put({ currentPassword: 'x', confirmNewPassword: 'x' })).body.errors.newPassword).toBe(MESSAGES.newPasswordRequired);
      expect((await put({ currentPassword: 'x', newPassword: 'short', confirmNewPassword: 'short' })).body.errors.newPassword).toBe(MESSAGES.passwordMinLength);
      expect((await put({ currentPassword: 'x', newPassword: 'Valid-Pass-1' })).body.errors.confirmNewPassword).toBe(MESSAGES.confirmPasswordRequired);
      expect((await put({ currentPassword: 'x', newPassword: 'Valid-Pass-1', confirmNewPassword: 'Other-Pass-1' })).body.errors.confirmNewPassword).toBe(MESSAGES.passwordsMustMatch);
      // A wrong current password counts as a failed sign-in.
      const failures = await t.query(`SELECT count(*)::int AS n FROM auth.audit_log WHERE action = 'auth.login-failed' AND subject_id::text = (SELECT id::text FROM auth.users WHERE email = 'pwrules@example.com')`);
      expect(failures[0].n).toBe(1);
      expect((await call(t.app, 'PUT', '/api/myIdentity/updatePassword', { body: {} })).status).toBe(401);
    });

    it('sends no notice when the setting is off', async () => {
      const me = await account(t, 'quiet@example.com');
      await call(t.app, 'POST', '/api/notificationSettings', { token: me.token, body: { settings: [{ mnemonic: 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', value: false }, { mnemonic: 'ACCOUNT_NOTIFICATIONS', value: true }] } });
      await call(t.app, 'PUT', '/api/myIdentity/updatePassword', { token: me.token, body: { currentPassword: 'First-Pass-1', newPassword: 'Second-Pass-2', confirmNewPassword: 'Second-Pass-2' } });
      expect(await t.mail.list('quiet@example.com')).toHaveLength(0);
    });
  });

  describe('updateEmail', () => {
    it('mails a single-use link to the new address; following it moves the account and tells the old address', async () => {
      const me = await account(t, 'old@example.com');
      const res = await call(t.app, 'PUT', '/api/myIdentity/updateEmail', { token: me.token, body: { newEmail: 'New@Example.com' } });
      expect(res.body).toEqual({ message: MESSAGES.emailChangeSent });
      expect((await login(t, 'old@example.com', 'First-Pass-1')).status).toBe(200);
      const token = await mailedToken(t, 'new@example.com', '/email-updated-success');
      const done = await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: { token } });
      expect(done.body).toEqual({ message: MESSAGES.emailUpdated, email: 'new@example.com' });
      expect((await login(t, 'new@example.com', 'First-Pass-1')).status).toBe(200);
      expect((await login(t, 'old@example.com', 'First-Pass-1')).status).toBe(401);
      expect((await call(t.app, 'GET', '/api/user/roles', { token: me.token })).status).toBe(401);
      expect((await t.mail.list('old@example.com'))[0].subject).toBe('Your Patient Portal email address was changed');
      const replay = await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: { token } });
      expect(replay.status).toBe(410);
      expect(replay.body.message).toBe(MESSAGES.linkNoLongerValid);
    });

    it('refuses a taken address, the same address, a bad one; an expired link is dead', async () => {
      const me = await account(t, 'mover@example.com');
      const put = (newEmail: string) => call(t.app, 'PUT', '/api/myIdentity/updateEmail', { token: me.token, body: { newEmail } });
      expect((await put('patient@example.com')).body).toMatchObject({ code: 'AUTH.EMAIL_TAKEN', message: MESSAGES.emailTaken });
      expect((await put('mover@example.com')).body.message).toBe(MESSAGES.sameEmail);
      expect((await put('not-an-email')).body.errors.newEmail).toBe(MESSAGES.pleaseEnterValidEmail);
      expect((await put('')).body.errors.newEmail).toBe(MESSAGES.emailRequired);
      await put('moved@example.com');
      const token = await mailedToken(t, 'moved@example.com', '/email-updated-success');
      await t.query(`UPDATE auth.password_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'EMAIL_CHANGE'`);
      expect((await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: { token } })).status).toBe(410);
    });
  });

  describe('account removal', () => {
    it('needs the password, then the mailed link opened by the same account; then the account is gone', async () => {
      const me = await account(t, 'leaver@example.com');
      const other = await account(t, 'stayer@example.com');
      expect((await call(t.app, 'POST', '/api/myIdentity/accountRemovalRequest', { token: me.token, body: { currentPassword: 'nope' } })).body.message).toBe(MESSAGES.currentPasswordIncorrect);
      expect((await call(t.app, 'POST', '/api/myIdentity/accountRemovalRequest', { token: me.token, body: {} })).body.errors.currentPassword).toBe(MESSAGES.currentPasswordRequired);
      const asked = await call(t.app, 'POST', '/api/myIdentity/accountRemovalRequest', { token: me.token, body: { currentPassword: 'First-Pass-1' } });
      expect(asked.body).toEqual({ message: MESSAGES.accountRemovalSent });
      const token = await mailedToken(t, 'leaver@example.com', '/account-removal');
      expect((await call(t.app, 'POST', '/api/myIdentity/confirmAccountRemoval', { token: other.token, body: { token } })).status).toBe(410);
      const done = await call(t.app, 'POST', '/api/myIdentity/confirmAccountRemoval', { token: me.token, body: { token } });
      expect(done.body).toEqual({ message: MESSAGES.accountRemoved });
      expect((await login(t, 'leaver@example.com', 'First-Pass-1')).status).toBe(401);
      expect((await call(t.app, 'GET', '/api/user/roles', { token: me.token })).status).toBe(401);
      expect((await t.query(`SELECT count(*)::int AS n FROM auth.outbox WHERE type = 'auth.account-removed'`))[0].n).toBe(1);
    });
  });

  describe('unsubscribe', () => {
    const unsubscribeId = async (email: string) => /\/unsubscribe\/([\w-]+\.[\w-]+)/.exec((await t.mail.list(email))[0].text)![1];

    it('opts out with the mailed id and a solved bot check; the solution works once', async () => {
      const me = await account(t, 'optout@example.com');
      await call(t.app, 'PUT', '/api/myIdentity/updatePassword', { token: me.token, body: { currentPassword: 'First-Pass-1', newPassword: 'Second-Pass-2', confirmNewPassword: 'Second-Pass-2' } });
      const id = await unsubscribeId('optout@example.com');
      const payload = await solved(t);
      const res = await call(t.app, 'POST', '/api/subscriptions', { body: { email: id, recaptchaToken: payload } });
      expect(res.status).toBe(200);
      expect(res.body).toBe('OK');
      const fresh = (await login(t, 'optout@example.com', 'Second-Pass-2')).body.token;
      expect((await call(t.app, 'GET', '/api/notificationSettings', { token: fresh })).body.every((s: { value: boolean }) => !s.value)).toBe(true);
      const replay = await call(t.app, 'POST', '/api/subscriptions', { body: { email: id, recaptchaToken: payload } });
      expect(replay.body.message).toBe(MESSAGES.recaptchaFailed);
    });

    it('refuses a forged id with "Invalid token" and a missing or bad bot check', async () => {
      const forged = `${Buffer.from('patient@example.com').toString('base64url')}.AAAA`;
      expect((await call(t.app, 'POST', '/api/subscriptions', { body: { email: forged, recaptchaToken: await solved(t) } })).body.message).toBe(MESSAGES.invalidToken);
      expect((await call(t.app, 'POST', '/api/subscriptions', { body: { email: forged, recaptchaToken: 'bm9wZQ==' } })).body.message).toBe(MESSAGES.recaptchaFailed);
      expect((await call(t.app, 'POST', '/api/subscriptions', { body: { email: forged } })).body.errors.recaptchaToken).toBe(MESSAGES.recaptchaFailed);
    });

    it('offers mail clients a one-click opt-out with the signed id', async () => {
      const me = await account(t, 'oneclick@example.com');
      await call(t.app, 'PUT', '/api/myIdentity/updatePassword', { token: me.token, body: { currentPassword: 'First-Pass-1', newPassword: 'Second-Pass-2', confirmNewPassword: 'Second-Pass-2' } });
      const id = await unsubscribeId('oneclick@example.com');
      expect((await call(t.app, 'GET', `/api/pages/opt-out?id=${id}`)).body).toContain('Confirm');
      const res = await call(t.app, 'POST', `/api/pages/opt-out?id=${id}`);
      expect(res.body).toContain('You&#39;ve opted out');
      expect((await call(t.app, 'POST', `/api/pages/opt-out?id=x.y`)).status).toBe(400);
    });
  });

  describe('login as user and phone login', () => {
    it('mints a single-use link for operators only, audited with the reason', async () => {
      const body = { email: 'patient@example.com', reason: 'Ticket 42: cannot see records' };
      expect((await call(t.app, 'POST', '/api/auth/loginAsUser', { body })).status).toBe(403);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/loginAsUser', headers: { 'x-support-key': 'test-support-key', 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      const token = /\/loginAs\?token=([\w-]{43})/.exec(res.json().link)![1];
      const session = await call(t.app, 'GET', `/api/auth/login-as-user/${token}`);
      expect(session.body.user.email).toBe('patient@example.com');
      const replay = await call(t.app, 'GET', `/api/auth/login-as-user/${token}`);
      expect(replay.status).toBe(401);
      expect(replay.body.message).toBe(MESSAGES.invalidLoginAsToken);
      expect((await call(t.app, 'GET', `/api/auth/login-as-user/garbage`)).body.message).toBe(MESSAGES.invalidLoginAsToken);
      const audit = await t.query(`SELECT action, detail FROM auth.audit_log WHERE action LIKE 'auth.login-as%' OR action = 'auth.login-by-login-as' ORDER BY id`);
      expect(audit.map((a) => a.action)).toEqual(['auth.login-as-issued', 'auth.login-by-login-as']);
      expect(audit[0].detail.reason).toBe(body.reason);
    });

    it('an expired login-as link is refused', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/loginAsUser', headers: { 'x-support-key': 'test-support-key', 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'viewer@example.com', reason: 'r' }) });
      const token = /token=([\w-]{43})/.exec(res.json().link)![1];
      await t.query(`UPDATE auth.password_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'LOGIN_AS'`);
      expect((await call(t.app, 'GET', `/api/auth/login-as-user/${token}`)).body.message).toBe(MESSAGES.invalidLoginAsToken);
    });

    it('phone login mails a sign-in link to the account with that number and answers the same for any number', async () => {
      const ok = await call(t.app, 'POST', '/api/auth/phoneLogin', { body: { countryCode: '1', phone: '2125550147' } });
      expect(ok.body).toEqual({ message: MESSAGES.phoneLoginSent });
      expect((await call(t.app, 'POST', '/api/auth/phoneLogin', { body: { countryCode: '1', phone: '9999999999' } })).body).toEqual({ message: MESSAGES.phoneLoginSent });
      expect((await call(t.app, 'POST', '/api/auth/phoneLogin', { body: { phone: '123' } })).body.errors.phone).toBe(MESSAGES.validPhone);
      const token = await mailedToken(t, 'patient@example.com', '/loginAs');
      expect((await call(t.app, 'GET', `/api/auth/loginWithPhoneUser/${token}`)).body.user.email).toBe('patient@example.com');
    });
  });

  describe('per-account rate limit', () => {
    it('answers 429 with Retry-After past 30 lookups of one address a minute', async () => {
      for (let i = 0; i < 30; i++) expect((await call(t.app, 'GET', '/api/auth/checkUserEmail/limited@example.com')).status).toBe(200);
      const refused = await call(t.app, 'GET', '/api/auth/checkUserEmail/limited@example.com');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await call(t.app, 'GET', '/api/auth/checkUserEmail/other@example.com')).status).toBe(200);
    });
  });
});
