import { AuthContext } from '@portal/auth-service';
import { MESSAGES, NOTIFICATION_MNEMONICS } from '@portal/contracts';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import {
  CONFIRM_SUBJECT,
  changePassword,
  login,
  mailedToken,
  rawMail,
  register,
  saveSettings,
  settingValue,
  signIn,
  subjects,
} from './helpers';

const alive = (t: TestApp, token: string) =>
  call(t.app, 'GET', '/api/user/roles', { token }).then((r) => r.status);
const refresh = (t: TestApp, refresh_token: string) =>
  call(t.app, 'POST', '/api/auth/refresh', { body: { refresh_token } }).then((r) => r.status);

describe('settings: notifications, login and password, account removal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true });
  });
  afterAll(() => t?.close());

  describe('notification settings', () => {
    it('new and demo accounts start with every setting on; a missing value counts as false', async () => {
      const me = await register(t, 'fresh@example.com');
      for (const token of [me.token, await signIn(t, 'patient@example.com')]) {
        const settings = (await call(t.app, 'GET', '/api/notificationSettings', { token })).body;
        expect(settings.map((s: { mnemonic: string }) => s.mnemonic)).toEqual(NOTIFICATION_MNEMONICS);
        expect(settings.every((s: { value: boolean }) => s.value)).toBe(true);
      }
      await t.query(
        `DELETE FROM auth.notification_settings WHERE user_id = $1 AND mnemonic = 'SHARING_SHARED_WITH_ME_NOTIFICATION'`,
        [me.user.userId],
      );
      expect(
        settingValue(
          (await call(t.app, 'GET', '/api/notificationSettings', { token: me.token })).body,
          'SHARING_SHARED_WITH_ME_NOTIFICATION',
        ),
      ).toBe(false);
    });

    it('saves a list: a group switched off switches its children off; the event carries the complete list', async () => {
      const me = await register(t, 'switches@example.com');
      const other = await register(t, 'bystander@example.com');
      const res = await saveSettings(t, me.token, [
        { mnemonic: 'ACCOUNT_NOTIFICATIONS', value: false },
        { mnemonic: 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', value: true },
        { mnemonic: 'REQUEST_NOTIFICATIONS', value: true },
        { mnemonic: 'REQUEST_COMPLETION_NOTIFICATION', value: true },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MESSAGES.notificationSaved);
      expect(res.body.settings).toHaveLength(NOTIFICATION_MNEMONICS.length);
      const saved = (await call(t.app, 'GET', '/api/notificationSettings', { token: me.token })).body;
      expect(saved).toEqual(res.body.settings);
      expect(settingValue(saved, 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION')).toBe(false);
      expect(settingValue(saved, 'REQUEST_COMPLETION_NOTIFICATION')).toBe(true);
      expect(settingValue(saved, 'REQUEST_SUBMITTION_NOTIFICATION')).toBe(false);
      expect(settingValue(saved, 'SHARING_NOTIFICATIONS')).toBe(false);
      // Settings are the token user's own: another account is untouched.
      expect(
        (await call(t.app, 'GET', '/api/notificationSettings', { token: other.token })).body.every(
          (s: { value: boolean }) => s.value,
        ),
      ).toBe(true);
      const [event] = await t.query(
        `SELECT payload FROM auth.outbox WHERE type = 'auth.notification-settings-changed' AND payload->>'userId' = $1 ORDER BY seq DESC LIMIT 1`,
        [me.user.userId],
      );
      expect(event.payload).toEqual({
        userId: me.user.userId,
        email: 'switches@example.com',
        settings: saved,
      });
      const audit = await t.query(
        `SELECT request_id FROM auth.audit_log WHERE action = 'identity.notification-settings-saved' AND subject_id = $1`,
        [me.user.userId],
      );
      expect(audit).toHaveLength(1);
    });

    it.each([
      [{}, 'settings is required'],
      [{ settings: [{ mnemonic: 'NOPE', value: true }] }, 'Unknown notification setting'],
      [{ settings: [{ value: true }] }, 'Unknown notification setting'],
      [
        { settings: [{ mnemonic: 'REQUEST_NOTIFICATIONS', value: 'yes' }] },
        'A notification setting needs a true or false value',
      ],
      [
        { settings: [{ mnemonic: 'REQUEST_NOTIFICATIONS' }] },
        'A notification setting needs a true or false value',
      ],
    ])('refuses %j', async (body, message) => {
      const res = await call(t.app, 'POST', '/api/notificationSettings', {
        token: await signIn(t, 'viewer@example.com'),
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('needs a session', async () => {
      expect((await call(t.app, 'GET', '/api/notificationSettings')).status).toBe(401);
      expect(
        (await call(t.app, 'POST', '/api/notificationSettings', { body: { settings: [] } })).status,
      ).toBe(401);
    });
  });

  describe('updatePassword', () => {
    it('in either payload reading: ends every other session, keeps this tab signed in, mails the notice with unsubscribe headers', async () => {
      const me = await register(t, 'pw@example.com');
      const elsewhere = (await login(t, 'pw@example.com', 'First-Pass-1')).body;
      const res = await call(t.app, 'PUT', '/api/myIdentity/updatePassword', {
        token: me.token,
        body: {
          currentPassword: 'First-Pass-1',
          newPassword: ' Second Pass-2 ',
          confirmNewPassword: 'SecondPass-2',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: MESSAGES.passwordChanged,
        userId: me.user.userId,
        challenge: null,
        user: { email: 'pw@example.com' },
      });
      expect(await alive(t, elsewhere.token)).toBe(401);
      expect(await alive(t, me.token)).toBe(401);
      expect(await refresh(t, elsewhere.refresh_token)).toBe(401);
      expect(await refresh(t, me.refresh_token)).toBe(401);
      expect(await alive(t, res.body.token)).toBe(200);
      expect(await refresh(t, res.body.refresh_token)).toBe(200);
      expect((await login(t, 'pw@example.com', 'First-Pass-1')).status).toBe(401);
      expect((await login(t, 'pw@example.com', 'SecondPass-2')).status).toBe(200);
      const [notice] = await t.mail.list('pw@example.com');
      expect(notice.subject).toBe('Your Patient Portal password was changed');
      // registerAccount leaves the name empty until the person is saved.
      expect(notice.text).toMatch(/^Hello,\n/);
      expect(notice.text).toMatch(/\/unsubscribe\/[\w-]+\.[\w-]+/);
      const raw = await rawMail(t, 'pw@example.com');
      expect(raw).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/api\/pages\/opt-out\?id=[\w-]+\.[\w-]+>/m);
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

      const older = await call(t.app, 'POST', '/api/myIdentity/updatePassword', {
        token: (await login(t, 'pw@example.com', 'SecondPass-2')).body.token,
        body: { currentPassword: 'SecondPass-2', newPassword1: 'Third-Pass-3', newPassword2: 'Third-Pass-3' },
      });
      expect(older.status).toBe(200);
      expect((await login(t, 'pw@example.com', 'Third-Pass-3')).status).toBe(200);
    });

    it('refuses a wrong current password (counted as a failed sign-in) and each rule with its message', async () => {
      const me = await register(t, 'pwrules@example.com');
      const put = (body: object) =>
        call(t.app, 'PUT', '/api/myIdentity/updatePassword', { token: me.token, body });
      const wrong = await put({
        currentPassword: 'Wrong-Pass-1',
        newPassword: 'Valid-Pass-1',
        confirmNewPassword: 'Valid-Pass-1',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(MESSAGES.currentPasswordIncorrect);
      expect(wrong.body.errors.currentPassword).toBe(MESSAGES.currentPasswordIncorrect);
      expect(
        (await put({ newPassword: 'Valid-Pass-1', confirmNewPassword: 'Valid-Pass-1' })).body.errors
          .currentPassword,
      ).toBe(MESSAGES.currentPasswordRequired);
      expect((await put({ currentPassword: 'x', confirmNewPassword: 'x' })).body.errors.newPassword).toBe(
        MESSAGES.newPasswordRequired,
      );
      expect(
        (await put({ currentPassword: 'x', newPassword: 'short', confirmNewPassword: 'short' })).body.errors
          .newPassword,
      ).toBe(MESSAGES.passwordMinLength);
      expect(
        (await put({ currentPassword: 'x', newPassword: 'Valid-Pass-1' })).body.errors.confirmNewPassword,
      ).toBe(MESSAGES.confirmPasswordRequired);
      expect(
        (await put({ currentPassword: 'x', newPassword: 'Valid-Pass-1', confirmNewPassword: 'Other-Pass-1' }))
          .body.errors.confirmNewPassword,
      ).toBe(MESSAGES.passwordsMustMatch);
      expect(
        (await put({ currentPassword: 'x', newPassword1: 'Valid-Pass-1', newPassword2: 'Other-Pass-1' })).body
          .errors.confirmNewPassword,
      ).toBe(MESSAGES.passwordsMustMatch);
      const failures = await t.query(
        `SELECT count(*)::int AS n FROM auth.audit_log WHERE action = 'auth.login-failed' AND subject_id = $1`,
        [me.user.userId],
      );
      expect(failures[0].n).toBe(1);
      expect(await alive(t, me.token)).toBe(200);
      expect((await call(t.app, 'PUT', '/api/myIdentity/updatePassword', { body: {} })).status).toBe(401);
    });

    it('sends no notice when the setting or its group is off, after a change or a reset', async () => {
      const child = await register(t, 'quiet@example.com');
      await saveSettings(t, child.token, [
        { mnemonic: 'ACCOUNT_NOTIFICATIONS', value: true },
        { mnemonic: 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', value: false },
      ]);
      expect((await changePassword(t, child.token, 'First-Pass-1', 'Second-Pass-2')).status).toBe(200);
      // Only the sign-up's link to confirm the address.
      expect(await subjects(t, 'quiet@example.com')).toEqual([CONFIRM_SUBJECT]);

      const group = await register(t, 'quieter@example.com');
      await saveSettings(t, group.token, [
        { mnemonic: 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', value: true },
      ]);
      await call(t.app, 'POST', '/api/auth/forgotPassword', { body: { username: 'quieter@example.com' } });
      const token = await mailedToken(t, 'quieter@example.com', '/reset-password');
      expect(
        (
          await call(t.app, 'POST', '/api/auth/resetPassword', {
            body: { token, newPassword: 'Reset-Pass-3' },
          })
        ).status,
      ).toBe(200);
      expect(await subjects(t, 'quieter@example.com')).toEqual([
        'Reset your Patient Portal password',
        CONFIRM_SUBJECT,
      ]);
    });
  });

  describe('updateEmail and confirmEmailUpdate', () => {
    it('mails a single-use link to the new address; following it moves the account, ends its sessions and tells the old address', async () => {
      const me = await register(t, 'old@example.com');
      const res = await call(t.app, 'PUT', '/api/myIdentity/updateEmail', {
        token: me.token,
        body: { newEmail: ' New@Example.com ' },
      });
      expect(res.body).toEqual({ message: MESSAGES.emailChangeSent });
      expect((await login(t, 'old@example.com', 'First-Pass-1')).status).toBe(200);
      const [mail] = await t.mail.list('new@example.com');
      expect(mail.text).toMatch(/https?:\/\/[^/]+\/email-updated-success\?token=[\w-]{43}/);
      const token = await mailedToken(t, 'new@example.com', '/email-updated-success');
      const done = await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: { token } });
      expect(done.body).toEqual({ message: MESSAGES.emailUpdated, email: 'new@example.com' });
      expect((await login(t, 'new@example.com', 'First-Pass-1')).status).toBe(200);
      expect((await login(t, 'old@example.com', 'First-Pass-1')).status).toBe(401);
      expect(await alive(t, me.token)).toBe(401);
      expect(await refresh(t, me.refresh_token)).toBe(401);
      const person = (
        await call(t.app, 'GET', '/api/myIdentity/getPerson', {
          token: (await login(t, 'new@example.com', 'First-Pass-1')).body.token,
        })
      ).body;
      expect(person.email).toBe('new@example.com');
      const [notice] = await t.mail.list('old@example.com');
      expect(notice.subject).toBe('Your Patient Portal email address was changed');
      expect(notice.text).toMatch(/\/unsubscribe\/[\w-]+\.[\w-]+/);
      const [event] = await t.query(`SELECT payload FROM auth.outbox WHERE type = 'auth.email-changed'`);
      expect(event.payload).toEqual({
        userId: me.user.userId,
        personId: me.user.personId,
        oldEmail: 'old@example.com',
        newEmail: 'new@example.com',
      });
      const replay = await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: { token } });
      expect(replay.status).toBe(410);
      expect(replay.body).toMatchObject({ code: 'AUTH.LINK_EXPIRED', message: MESSAGES.linkNoLongerValid });
    });

    it('refuses a taken address (409), the same address, a bad one; an expired, unknown or missing link is dead', async () => {
      const me = await register(t, 'mover@example.com');
      const put = (newEmail: string) =>
        call(t.app, 'PUT', '/api/myIdentity/updateEmail', { token: me.token, body: { newEmail } });
      const taken = await put('Patient@example.com');
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'AUTH.EMAIL_TAKEN', message: MESSAGES.emailTaken });
      const same = await put('MOVER@example.com');
      expect(same.status).toBe(400);
      expect(same.body.message).toBe(MESSAGES.sameEmail);
      expect((await put('not-an-email')).body.errors.newEmail).toBe(MESSAGES.pleaseEnterValidEmail);
      // A domain without a dot is refused by the shared rule, as the form refuses it.
      const dotless = await put('bad@x');
      expect(dotless.status).toBe(400);
      expect(dotless.body.errors.newEmail).toBe(MESSAGES.pleaseEnterValidEmail);
      expect(await t.mail.list('bad@x')).toHaveLength(0);
      expect((await put('')).body.errors.newEmail).toBe(MESSAGES.emailRequired);
      expect(await t.mail.list('patient@example.com')).toHaveLength(0);
      await put('moved@example.com');
      const token = await mailedToken(t, 'moved@example.com', '/email-updated-success');
      await t.query(
        `UPDATE auth.password_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'EMAIL_CHANGE' AND user_id = $1`,
        [me.user.userId],
      );
      const expired = await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: { token } });
      expect(expired.status).toBe(410);
      expect(expired.body.message).toBe(MESSAGES.linkNoLongerValid);
      expect(
        (await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: { token: 'x'.repeat(43) } }))
          .status,
      ).toBe(410);
      const missing = await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.errors.token).toBe(MESSAGES.linkNoLongerValid);
      expect(
        (await call(t.app, 'PUT', '/api/myIdentity/updateEmail', { body: { newEmail: 'a@example.com' } }))
          .status,
      ).toBe(401);
    });

    it('answers 409 when the address was taken between the request and the click, and the account keeps its address', async () => {
      const me = await register(t, 'slow@example.com');
      await call(t.app, 'PUT', '/api/myIdentity/updateEmail', {
        token: me.token,
        body: { newEmail: 'contested@example.com' },
      });
      const token = await mailedToken(t, 'contested@example.com', '/email-updated-success');
      await register(t, 'contested@example.com');
      const res = await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: { token } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MESSAGES.emailTaken);
      expect((await login(t, 'slow@example.com', 'First-Pass-1')).status).toBe(200);
    });

    it('only the newest link works, and no notice goes out when the setting is off', async () => {
      const me = await register(t, 'twice@example.com');
      await saveSettings(t, me.token, [
        { mnemonic: 'ACCOUNT_NOTIFICATIONS', value: true },
        { mnemonic: 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', value: true },
      ]);
      await call(t.app, 'PUT', '/api/myIdentity/updateEmail', {
        token: me.token,
        body: { newEmail: 'first@example.com' },
      });
      const first = await mailedToken(t, 'first@example.com', '/email-updated-success');
      await call(t.app, 'PUT', '/api/myIdentity/updateEmail', {
        token: me.token,
        body: { newEmail: 'second@example.com' },
      });
      expect(
        (await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: { token: first } })).status,
      ).toBe(410);
      const second = await mailedToken(t, 'second@example.com', '/email-updated-success');
      expect(
        (await call(t.app, 'POST', '/api/myIdentity/confirmEmailUpdate', { body: { token: second } })).status,
      ).toBe(200);
      expect(await subjects(t, 'twice@example.com')).toEqual([CONFIRM_SUBJECT]);
    });
  });

  describe('account removal', () => {
    it('needs the password, then the mailed link opened by the same account; then the account is gone', async () => {
      const me = await register(t, 'leaver@example.com');
      const other = await register(t, 'stayer@example.com');
      await call(t.app, 'POST', '/api/myIdentity/familyMembers', {
        token: me.token,
        body: { firstName: 'Kid', lastName: 'Leaver', relationshipTypeId: 4 },
      });
      const wrong = await call(t.app, 'POST', '/api/myIdentity/accountRemovalRequest', {
        token: me.token,
        body: { currentPassword: 'nope' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(MESSAGES.currentPasswordIncorrect);
      expect(
        (await call(t.app, 'POST', '/api/myIdentity/accountRemovalRequest', { token: me.token, body: {} }))
          .body.errors.currentPassword,
      ).toBe(MESSAGES.currentPasswordRequired);
      expect(await subjects(t, 'leaver@example.com')).toEqual([CONFIRM_SUBJECT]);

      const asked = await call(t.app, 'POST', '/api/myIdentity/accountRemovalRequest', {
        token: me.token,
        body: { currentPassword: 'First-Pass-1' },
      });
      expect(asked.body).toEqual({ message: MESSAGES.accountRemovalSent });
      const token = await mailedToken(t, 'leaver@example.com', '/account-removal');
      const foreign = await call(t.app, 'POST', '/api/myIdentity/confirmAccountRemoval', {
        token: other.token,
        body: { token },
      });
      expect(foreign.status).toBe(410);
      expect(foreign.body.message).toBe(MESSAGES.linkNoLongerValid);
      expect(
        (await call(t.app, 'POST', '/api/myIdentity/confirmAccountRemoval', { body: { token } })).status,
      ).toBe(401);
      expect(
        (await call(t.app, 'POST', '/api/myIdentity/confirmAccountRemoval', { token: me.token, body: {} }))
          .body.errors.token,
      ).toBe(MESSAGES.linkNoLongerValid);

      const done = await call(t.app, 'POST', '/api/myIdentity/confirmAccountRemoval', {
        token: me.token,
        body: { token },
      });
      expect(done.body).toEqual({ message: MESSAGES.accountRemoved });
      expect((await login(t, 'leaver@example.com', 'First-Pass-1')).status).toBe(401);
      expect(await alive(t, me.token)).toBe(401);
      expect(await refresh(t, me.refresh_token)).toBe(401);
      expect(await alive(t, other.token)).toBe(200);
      for (const table of [
        'users',
        'persons',
        'family_members',
        'notification_settings',
        'password_tokens',
        'refresh_tokens',
      ]) {
        const column = table === 'users' ? 'id' : 'user_id';
        expect(
          (
            await t.query(`SELECT count(*)::int AS n FROM auth.${table} WHERE ${column} = $1`, [
              me.user.userId,
            ])
          )[0].n,
        ).toBe(0);
      }
      const [event] = await t.query(`SELECT payload FROM auth.outbox WHERE type = 'auth.account-removed'`);
      expect(event.payload).toEqual({ userId: me.user.userId, personId: me.user.personId });
      expect(
        await t.query(
          `SELECT action FROM auth.audit_log WHERE action = 'auth.account-removed' AND subject_id = $1`,
          [me.user.userId],
        ),
      ).toHaveLength(1);
    });

    it('refuses an expired removal link', async () => {
      const me = await register(t, 'late@example.com');
      await call(t.app, 'POST', '/api/myIdentity/accountRemovalRequest', {
        token: me.token,
        body: { currentPassword: 'First-Pass-1' },
      });
      const token = await mailedToken(t, 'late@example.com', '/account-removal');
      await t.query(
        `UPDATE auth.password_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [me.user.userId],
      );
      expect(
        (
          await call(t.app, 'POST', '/api/myIdentity/confirmAccountRemoval', {
            token: me.token,
            body: { token },
          })
        ).status,
      ).toBe(410);
      expect((await login(t, 'late@example.com', 'First-Pass-1')).status).toBe(200);
    });
  });
});
