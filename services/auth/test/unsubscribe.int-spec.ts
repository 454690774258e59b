import { AuthContext } from '@portal/auth-service';
import { MESSAGES } from '@portal/contracts';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import {
  CONFIRM_SUBJECT,
  changePassword,
  login,
  register,
  solvedBotCheck,
  subjects,
  unsubscribeId,
} from './helpers';

describe('unsubscribe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true });
  });
  afterAll(() => t?.close());

  /** A fresh account whose password change mailed it a notice; answers the unsubscribe id of that mail. */
  const mailedAccount = async (email: string) => {
    const me = await register(t, email);
    await changePassword(t, me.token, 'First-Pass-1', 'Second-Pass-2');
    return { ...me, id: await unsubscribeId(t, email) };
  };
  const settingsOf = async (email: string) =>
    (
      await call(t.app, 'GET', '/api/notificationSettings', {
        token: (await login(t, email, 'Second-Pass-2')).body.token,
      })
    ).body as Array<{ value: boolean }>;
  const unsubscribe = (email: string, recaptchaToken?: string) =>
    call(t.app, 'POST', '/api/subscriptions', { body: { email, recaptchaToken } });

  it('hands out a signed proof-of-work challenge that expires in about 10 minutes', async () => {
    const res = await call(t.app, 'GET', '/api/subscriptions/challenge');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.signature).toEqual(expect.any(String));
    expect(res.body.parameters).toMatchObject({ algorithm: 'SHA-256' });
    const minutes = (res.body.parameters.expiresAt * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('opts out with the mailed id and a solved bot check: every setting off, answered with the JSON string "OK"', async () => {
    const me = await mailedAccount('optout@example.com');
    const payload = await solvedBotCheck(t);
    const res = await unsubscribe(me.id, payload);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('OK');
    const settings = await settingsOf('optout@example.com');
    expect(settings).toHaveLength(10);
    expect(settings.every((s) => !s.value)).toBe(true);
    const [user] = await t.query(`SELECT opted_out_at FROM auth.users WHERE id = $1`, [me.user.userId]);
    expect(user.opted_out_at).toBeInstanceOf(Date);
    const [audit] = await t.query(
      `SELECT detail FROM auth.audit_log WHERE action = 'auth.unsubscribed' AND subject_id = $1`,
      [me.user.userId],
    );
    expect(audit.detail).toEqual({ via: 'page' });
    const [event] = await t.query(
      `SELECT payload FROM auth.outbox WHERE type = 'auth.notification-settings-changed' AND payload->>'userId' = $1 ORDER BY seq DESC LIMIT 1`,
      [me.user.userId],
    );
    expect(event.payload.settings.every((s: { value: boolean }) => !s.value)).toBe(true);

    // A solution works once, even for another id.
    const replay = await unsubscribe(me.id, payload);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(MESSAGES.recaptchaFailed);
    // Opted out means no more notices.
    await changePassword(
      t,
      (await login(t, 'optout@example.com', 'Second-Pass-2')).body.token,
      'Second-Pass-2',
      'Third-Pass-3',
    );
    expect(await subjects(t, 'optout@example.com')).toEqual([
      'Your Patient Portal password was changed',
      CONFIRM_SUBJECT,
    ]);
  });

  it('refuses a forged or tampered id with "Invalid token" and changes nothing', async () => {
    const me = await mailedAccount('victim@example.com');
    const [body, mac] = me.id.split('.');
    const otherAddress = Buffer.from('patient@example.com').toString('base64url');
    for (const id of [
      `${otherAddress}.${mac}`,
      `${body}.${mac.slice(0, -2)}AA`,
      body,
      `${body}.${mac}.x`,
      'patient@example.com',
    ]) {
      const res = await unsubscribe(id, await solvedBotCheck(t));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.invalidToken);
    }
    expect((await settingsOf('victim@example.com')).every((s) => s.value)).toBe(true);
  });

  it('refuses a signed id whose account is gone with "Invalid token"', async () => {
    const me = await mailedAccount('gone@example.com');
    await t.query(`DELETE FROM auth.users WHERE id = $1`, [me.user.userId]);
    expect((await unsubscribe(me.id, await solvedBotCheck(t))).body.message).toBe(MESSAGES.invalidToken);
  });

  it('refuses a missing, unsolved, wrongly solved or foreign bot check with "Failed to verify reCAPTCHA"', async () => {
    const me = await mailedAccount('robot@example.com');
    const challenge = (await call(t.app, 'GET', '/api/subscriptions/challenge')).body;
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    const real = JSON.parse(Buffer.from(await solvedBotCheck(t), 'base64').toString());
    const forgedChallenge = {
      ...real,
      challenge: {
        ...real.challenge,
        parameters: { ...real.challenge.parameters, expiresAt: real.challenge.parameters.expiresAt + 3600 },
      },
    };
    for (const payload of [
      'bm9wZQ==',
      'not base64 json',
      encode({ challenge }),
      encode({ challenge, solution: { counter: 1, derivedKey: '00' } }),
      encode(forgedChallenge),
    ]) {
      const res = await unsubscribe(me.id, payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.recaptchaFailed);
    }
    const missing = await unsubscribe(me.id);
    expect(missing.body.errors.recaptchaToken).toBe(MESSAGES.recaptchaFailed);
    expect(
      (await call(t.app, 'POST', '/api/subscriptions', { body: { recaptchaToken: 'x' } })).body.errors.email,
    ).toBe(MESSAGES.invalidToken);
    expect((await settingsOf('robot@example.com')).every((s) => s.value)).toBe(true);
  });

  describe('one-click opt-out of mail clients (RFC 8058)', () => {
    it('shows a page with a one-click form for a signed id, an error page otherwise', async () => {
      const me = await mailedAccount('page@example.com');
      const page = await call(t.app, 'GET', `/api/pages/opt-out?id=${me.id}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(`<form method="post" action="/api/pages/opt-out?id=${me.id}">`);
      const bad = await call(t.app, 'GET', '/api/pages/opt-out?id=x.y');
      expect(bad.status).toBe(400);
      expect(bad.body).toContain(MESSAGES.invalidToken);
      expect((await settingsOf('page@example.com')).every((s) => s.value)).toBe(true);
    });

    it.each([
      ['form-urlencoded', 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
      [
        'multipart',
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
      ],
      ['empty (the page’s form)', undefined, undefined],
    ])('opts out on a %s post with no bot check, answering HTML', async (_kind, contentType, payload) => {
      const email = `oneclick-${_kind.split(' ')[0]}@example.com`;
      const me = await mailedAccount(email);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/pages/opt-out?id=${me.id}`,
        headers: contentType ? { 'content-type': contentType } : {},
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('You&#39;ve opted out');
      expect((await settingsOf(email)).every((s) => !s.value)).toBe(true);
      const [audit] = await t.query(
        `SELECT detail FROM auth.audit_log WHERE action = 'auth.unsubscribed' AND subject_id = $1`,
        [me.user.userId],
      );
      expect(audit.detail).toEqual({ via: 'one-click' });
    });

    it('answers a forged id with an HTML error page, and other routes still refuse multipart bodies', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pages/opt-out?id=x.y',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(MESSAGES.invalidToken);
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: '--b--\r\n',
      });
      expect(other.statusCode).toBe(415);
    });
  });
});
