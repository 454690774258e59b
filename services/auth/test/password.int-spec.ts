import { AuthContext } from '@portal/auth-service';
import { MESSAGES } from '@portal/contracts';
import { call, eventually, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { AfterAnswer } from '../src/notices/after-answer';

const linkToken = (text: string) => /\/reset-password\?token=([\w-]{43})/.exec(text)?.[1];
/** The link of the newest mail to `to` once `count` have come: forgotPassword mails after its answer. */
const latestToken = async (t: TestApp, to: string, count = 1) =>
  linkToken(
    (
      await eventually(
        () => t.mail.list(to),
        (m) => m.length >= count,
      )
    )[0]?.text ?? '',
  );
const login = (t: TestApp, username: string, password: string) =>
  call(t.app, 'POST', '/api/auth/login', { body: { username, password } });

describe('password links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true });
  });
  afterAll(() => t?.close());

  it('sign up, set the password from the mailed link, sign in with it', async () => {
    await call(t.app, 'POST', '/api/auth/createAccount', {
      body: {
        firstName: 'Sam',
        lastName: 'Set',
        email: 'sam@example.com',
        dateOfBirth: '1990-01-01',
        locale: 'UTC',
      },
    });
    const token = await latestToken(t, 'sam@example.com');
    expect((await call(t.app, 'GET', `/api/checkResetPasswordToken?token=${token}`)).body).toEqual({
      valid: true,
      purpose: 'SET_PASSWORD',
    });
    const set = await call(t.app, 'POST', '/api/auth/resetPassword', {
      body: { token, newPassword: ' Secret 123! ' },
    });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(MESSAGES.passwordChanged);
    // Spaces are stripped from typed passwords.
    expect((await login(t, 'sam@example.com', 'Secret123!')).status).toBe(200);
    // The link is single-use.
    const again = await call(t.app, 'POST', '/api/auth/resetPassword', {
      body: { token, newPassword: 'Another123!' },
    });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 'AUTH.LINK_EXPIRED', message: MESSAGES.linkNoLongerValid });
    expect((await t.mail.list('sam@example.com'))[0].subject).toMatch(/password was changed/);
  });

  it('forgot password mails a reset link that replaces the password and ends every session', async () => {
    const before = (await login(t, 'viewer@example.com', 'Demo-Portal-1')).body;
    const res = await call(t.app, 'POST', '/api/auth/forgotPassword', {
      body: { username: 'viewer@example.com' },
    });
    expect(res.body.message).toBe(MESSAGES.resetEmailSent);
    const token = await latestToken(t, 'viewer@example.com');
    expect((await call(t.app, 'GET', `/api/checkForgotPasswordToken?token=${token}`)).body.purpose).toBe(
      'RESET_PASSWORD',
    );
    expect(
      (
        await call(t.app, 'POST', '/api/auth/resetPassword', {
          body: { token, newPassword: 'Changed-Pass-2', forgotPassword: true },
        })
      ).status,
    ).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/roles', { token: before.token })).status).toBe(401);
    expect((await login(t, 'viewer@example.com', 'Demo-Portal-1')).status).toBe(401);
    expect((await login(t, 'viewer@example.com', 'Changed-Pass-2')).status).toBe(200);
  });

  it('answers forgot password the same for an unknown address and sends nothing', async () => {
    const res = await call(t.app, 'POST', '/api/auth/forgotPassword', {
      body: { username: 'ghost@example.com' },
    });
    expect(res.body.message).toBe(MESSAGES.resetEmailSent);
    // The lookup runs after the answer: wait for it to end.
    await t.app.get(AfterAnswer).settled();
    expect(await t.mail.list('ghost@example.com')).toHaveLength(0);
  });

  it('only the newest link works', async () => {
    await call(t.app, 'POST', '/api/auth/forgotPassword', { body: { username: 'fhir@example.com' } });
    const first = await latestToken(t, 'fhir@example.com');
    await call(t.app, 'POST', '/api/auth/forgotPassword', { body: { username: 'fhir@example.com' } });
    expect(await latestToken(t, 'fhir@example.com', 2)).not.toBe(first);
    expect((await call(t.app, 'GET', `/api/checkForgotPasswordToken?token=${first}`)).body).toMatchObject({
      code: 'AUTH.LINK_EXPIRED',
      message: MESSAGES.forgotPasswordTokenExpired,
    });
  });

  it('refuses an unknown token and validates the new password', async () => {
    expect((await call(t.app, 'GET', '/api/checkForgotPasswordToken?token=nope')).status).toBe(410);
    const short = await call(t.app, 'POST', '/api/auth/resetPassword', {
      body: { token: 'x', newPassword: 'short' },
    });
    expect(short.body.errors.newPassword).toBe(MESSAGES.passwordMinLength);
    const none = await call(t.app, 'POST', '/api/auth/resetPassword', { body: { token: 'x' } });
    expect(none.body.errors.newPassword).toBe(MESSAGES.newPasswordRequired);
    const bad = await call(t.app, 'POST', '/api/auth/forgotPassword', { body: { username: 'not-mail' } });
    expect(bad.body.errors.username).toBe(MESSAGES.pleaseEnterValidEmail);
  });

  it('the NEW_PASSWORD_REQUIRED challenge never sets a password from a user id; it mails a fresh link', async () => {
    const { body } = await call(t.app, 'POST', '/api/auth/createAccount', {
      body: {
        firstName: 'Cy',
        lastName: 'Challenge',
        email: 'cy@example.com',
        dateOfBirth: '1990-01-01',
        locale: 'UTC',
      },
    });
    const first = await latestToken(t, 'cy@example.com');
    const res = await call(t.app, 'POST', '/api/auth/resetPassword', {
      body: { token: body.userId, tokenId: true, newPassword: 'Attacker-1!' },
    });
    expect(res.status).toBe(200);
    expect((await login(t, 'cy@example.com', 'Attacker-1!')).body.token ?? null).toBeNull();
    expect(await t.mail.list('cy@example.com')).toHaveLength(2);
    expect(await latestToken(t, 'cy@example.com')).not.toBe(first);
  });

  it('tells whether an address has an account', async () => {
    expect((await call(t.app, 'GET', '/api/auth/checkUserEmail/patient@example.com')).body).toEqual({
      userExist: true,
    });
    expect((await call(t.app, 'GET', '/api/auth/checkUserEmail/nobody@example.com')).body).toEqual({
      userExist: false,
    });
    expect((await call(t.app, 'GET', '/api/auth/checkUserEmail/not-an-email')).status).toBe(400);
  });
});

describe('failed sign-ins per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-minute limit of calls per account would refuse first; this rule is about an hour.
    t = await startTestApp([AuthContext], { seed: true, config: { accountRateLimitPerMinute: 1000 } });
  });
  afterAll(() => t?.close());

  it('refuses the 101st failed login of an hour, even with the right password, until a reset', async () => {
    for (let i = 0; i < 100; i++)
      expect((await login(t, 'admin@example.com', `wrong-${i}`)).status).toBe(401);
    const refused = await login(t, 'admin@example.com', 'wrong-again');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('AUTH.TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await login(t, 'admin@example.com', 'Demo-Portal-1')).status).toBe(429);
    // Other accounts are not affected.
    expect((await login(t, 'patient@example.com', 'Demo-Portal-1')).status).toBe(200);
    // The owner gets back in through the mailed reset link: no lock an attacker can keep up forever.
    await call(t.app, 'POST', '/api/auth/forgotPassword', { body: { username: 'admin@example.com' } });
    const token = await latestToken(t, 'admin@example.com');
    expect(
      (await call(t.app, 'POST', '/api/auth/resetPassword', { body: { token, newPassword: 'Admin-Back-1' } }))
        .status,
    ).toBe(200);
    expect((await login(t, 'admin@example.com', 'Admin-Back-1')).status).toBe(200);
  }, 120_000);
});
