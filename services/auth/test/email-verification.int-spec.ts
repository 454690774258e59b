import { AuthContext } from '@portal/auth-service';
import { MESSAGES } from '@portal/contracts';
import { type ContextKit, contextToken, InvitationTokens } from '@portal/server-kit';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { markProvedAccounts } from '../src/migrations/1767000000000-auth-email-verified';
import { CONFIRM_SUBJECT, changePassword, login, mailedToken, register, subjects } from './helpers';

const verify = (t: TestApp, token: string | undefined) =>
  call(t.app, 'POST', '/api/auth/verifyEmail', { body: { token } });
const resend = (t: TestApp, token?: string) => call(t.app, 'POST', '/api/auth/resendVerification', { token });
const provedAt = async (t: TestApp, email: string): Promise<Date | null> =>
  (await t.query(`SELECT email_verified_at AS at FROM auth.users WHERE email = $1`, [email]))[0].at;
const verifiedEvents = (t: TestApp, userId: string) =>
  t.query(
    `SELECT payload FROM auth.outbox WHERE type = 'auth.email-verified' AND payload->>'userId' = $1 ORDER BY seq`,
    [userId],
  );

describe('proved addresses: an address grants nothing until a link mailed to it is used', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true });
  });
  afterAll(() => t?.close());

  it('registerAccount answers signed in but unproved, and mails a link; the link proves the address once, announced', async () => {
    const me = await register(t, 'Prover@Example.com');
    expect(me.user).toMatchObject({ email: 'prover@example.com', emailVerified: false });
    expect(await provedAt(t, 'prover@example.com')).toBeNull();
    const [registered] = await t.query(
      `SELECT payload FROM auth.outbox WHERE type = 'auth.user-registered' AND payload->>'userId' = $1`,
      [me.user.userId],
    );
    expect(registered.payload).toMatchObject({ email: 'prover@example.com', emailVerified: false });
    expect(await subjects(t, 'prover@example.com')).toEqual([CONFIRM_SUBJECT]);
    const [mail] = await t.mail.list('prover@example.com');
    expect(mail.text).toContain(
      'A Patient Portal account was created with this email address. If it was you, confirm the address with this link (valid for 72 hours)',
    );
    expect(mail.text).toContain('If you did not ask for this, ignore this mail.');

    const token = await mailedToken(t, 'prover@example.com', '/verify-email');
    const done = await verify(t, token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: MESSAGES.emailVerified, email: 'prover@example.com' });
    const at = await provedAt(t, 'prover@example.com');
    expect(at).toBeInstanceOf(Date);
    expect(await verifiedEvents(t, me.user.userId)).toEqual([
      { payload: { userId: me.user.userId, email: 'prover@example.com', at: at!.toISOString() } },
    ]);
    const [audit] = await t.query(
      `SELECT actor_id, detail FROM auth.audit_log WHERE action = 'auth.email-verified' AND subject_id = $1`,
      [me.user.userId],
    );
    expect(audit).toEqual({ actor_id: me.user.userId, detail: { purpose: 'VERIFY_EMAIL' } });
    // The session says so from the next sign-in (or refresh) on.
    expect((await login(t, 'prover@example.com', 'First-Pass-1')).body.user.emailVerified).toBe(true);
    expect(
      (await call(t.app, 'POST', '/api/auth/refresh', { body: { refresh_token: me.refresh_token } })).body
        .user.emailVerified,
    ).toBe(true);

    // Single use; a bogus or missing token is as dead.
    for (const bad of [token, 'x'.repeat(43)])
      expect((await verify(t, bad)).body).toMatchObject({
        code: 'AUTH.LINK_EXPIRED',
        message: MESSAGES.linkNoLongerValid,
      });
    expect((await verify(t, undefined)).status).toBe(400);
    // Nothing more to send.
    expect((await resend(t, me.token)).body).toEqual({
      message: MESSAGES.emailAlreadyVerified,
      emailVerified: true,
    });
    expect(await verifiedEvents(t, me.user.userId)).toHaveLength(1);
  });

  it('resendVerification: signed in only; a new link, the older one dead; five an hour per account', async () => {
    const me = await register(t, 'again@example.com');
    expect((await resend(t)).status).toBe(401);
    const first = await mailedToken(t, 'again@example.com', '/verify-email');
    expect((await resend(t, me.token)).body).toEqual({
      message: MESSAGES.verificationSent,
      emailVerified: false,
    });
    const second = await mailedToken(t, 'again@example.com', '/verify-email');
    expect(second).not.toBe(first);
    expect((await verify(t, first)).status).toBe(410);
    for (let i = 1; i < 5; i++) expect((await resend(t, me.token)).status).toBe(200);
    const refused = await resend(t, me.token);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('AUTH.TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(
      (await t.mail.list('again@example.com')).filter((m) => m.subject === CONFIRM_SUBJECT),
    ).toHaveLength(6);
    expect((await verify(t, await mailedToken(t, 'again@example.com', '/verify-email'))).status).toBe(200);
  });

  it('a link mailed to an address the account has left since proves nothing', async () => {
    const me = await register(t, 'leaving@example.com');
    const stale = await mailedToken(t, 'leaving@example.com', '/verify-email');
    await call(t.app, 'PUT', '/api/myIdentity/updateEmail', {
      token: me.token,
      body: { newEmail: 'arrived@example.com' },
    });
    expect(
      (
        await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', {
          body: { token: await mailedToken(t, 'arrived@example.com', '/email-updated-success') },
        })
      ).status,
    ).toBe(200);
    // The confirmed change proved the new address (its link went there); the old link is worth nothing now.
    expect(await provedAt(t, 'arrived@example.com')).toBeInstanceOf(Date);
    expect((await verify(t, stale)).status).toBe(410);
    expect(await verifiedEvents(t, me.user.userId)).toEqual([]);
  });

  it('signing up from an invitation link proves the address at once: no link is mailed', async () => {
    const invitation = await t.app.get(InvitationTokens).sign(
      {
        recipientId: '11111111-1111-4111-8111-111111111111',
        ownerUserId: '22222222-2222-4222-8222-222222222222',
        email: 'invited@example.com',
      },
      600,
    );
    const res = await call(t.app, 'POST', '/api/auth/registerAccount', {
      body: { email: 'Invited@Example.com', password: 'Invited-Pass-1', invitation },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      email: 'invited@example.com',
      emailVerified: true,
      roles: ['EXTERNAL_VIEWER'],
    });
    expect(await provedAt(t, 'invited@example.com')).toBeInstanceOf(Date);
    const [registered] = await t.query(
      `SELECT payload FROM auth.outbox WHERE type = 'auth.user-registered' AND payload->>'userId' = $1`,
      [res.body.userId],
    );
    expect(registered.payload).toMatchObject({ emailVerified: true, roles: ['EXTERNAL_VIEWER'] });
    expect(await t.mail.list('invited@example.com')).toEqual([]);
  });

  it('a mailed set-password or reset link proves the address when it is used', async () => {
    const created = await call(t.app, 'POST', '/api/auth/createAccount', {
      body: {
        firstName: 'Set',
        lastName: 'Link',
        email: 'setlink@example.com',
        dateOfBirth: '1990-01-01',
        locale: 'UTC',
      },
    });
    expect(await provedAt(t, 'setlink@example.com')).toBeNull();
    await call(t.app, 'POST', '/api/auth/resetPassword', {
      body: {
        token: await mailedToken(t, 'setlink@example.com', '/reset-password'),
        newPassword: 'Set-Link-1',
      },
    });
    expect(await verifiedEvents(t, created.body.userId)).toEqual([
      { payload: expect.objectContaining({ email: 'setlink@example.com' }) },
    ]);

    const me = await register(t, 'resetter@example.com');
    await call(t.app, 'POST', '/api/auth/forgotPassword', { body: { username: 'resetter@example.com' } });
    await call(t.app, 'POST', '/api/auth/resetPassword', {
      body: {
        token: await mailedToken(t, 'resetter@example.com', '/reset-password'),
        newPassword: 'Reset-Link-1',
      },
    });
    expect(await provedAt(t, 'resetter@example.com')).toBeInstanceOf(Date);
    expect(await verifiedEvents(t, me.user.userId)).toHaveLength(1);
  });

  it('the migration marks the accounts whose proof is in the audit log, and announces each; the others prove it from now on', async () => {
    const plain = await register(t, 'plain@example.com');
    const changer = await register(t, 'changer@example.com');
    // A password changed while signed in proves nothing about the mailbox.
    expect((await changePassword(t, changer.token, 'First-Pass-1', 'Second-Pass-2')).status).toBe(200);
    // What the accounts of the tests above look like before the migration: nothing proved, nothing announced.
    await t.query(`UPDATE auth.users SET email_verified_at = NULL`);
    await t.query(`DELETE FROM auth.outbox WHERE type = 'auth.email-verified'`);

    const marked = await markProvedAccounts(t.app.get<ContextKit>(contextToken('auth')).db);
    const proved: Array<{ email: string }> = await t.query(
      `SELECT email FROM auth.users WHERE email_verified_at IS NOT NULL ORDER BY email`,
    );
    const demo: Array<{ email: string }> = await t.query(
      `SELECT email FROM auth.users WHERE email LIKE '%@example.com' AND id::text IN (SELECT resource_id FROM auth.audit_log WHERE action = 'auth.demo-account-seeded')`,
    );
    expect(demo.length).toBeGreaterThan(5);
    // Seeded, verification links, a confirmed email change (a verification link to the address it left proved nothing),
    // an invitation sign-up, a set-password link, a reset link; not: plain sign-ups, a password changed while signed in.
    expect(proved.map((r) => r.email)).toEqual(
      [
        ...demo.map((r) => r.email),
        'again@example.com',
        'arrived@example.com',
        'invited@example.com',
        'prover@example.com',
        'resetter@example.com',
        'setlink@example.com',
      ].sort(),
    );
    expect(proved.map((r) => r.email)).not.toEqual(expect.arrayContaining(['plain@example.com']));
    expect(proved.map((r) => r.email)).not.toEqual(expect.arrayContaining(['changer@example.com']));
    const events: Array<{ payload: { userId: string; email: string; at: string } }> = await t.query(
      `SELECT payload FROM auth.outbox WHERE type = 'auth.email-verified' ORDER BY payload->>'email'`,
    );
    expect(marked).toBe(proved.length);
    expect(events.map((e) => e.payload.email)).toEqual(proved.map((r) => r.email));
    for (const e of events) expect(new Date(e.payload.at).toISOString()).toBe(e.payload.at);
    expect((await login(t, 'plain@example.com', 'First-Pass-1')).body.user.emailVerified).toBe(false);
    // Run twice, it finds nothing new.
    expect(await markProvedAccounts(t.app.get<ContextKit>(contextToken('auth')).db)).toBe(0);
    // The plain sign-up proves it the usual way.
    await resend(t, plain.token);
    expect((await verify(t, await mailedToken(t, 'plain@example.com', '/verify-email'))).status).toBe(200);
  });
});
