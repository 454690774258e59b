import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DEMO_PASSWORD } from '@portal/server-kit';
import { call, eventually, type TestApp } from '@portal/server-kit/testing';

/** Helpers shared by the auth context's integration tests. */

export const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const login = (t: TestApp, username: string, password = DEMO_PASSWORD) =>
  call(t.app, 'POST', '/api/auth/login', { body: { username, password } });

/** The access token of a demo user. */
export const signIn = async (t: TestApp, username: string): Promise<string> =>
  (await login(t, username)).body.token;

export interface Registered {
  token: string;
  refresh_token: string;
  user: { userId: string; personId: string; email: string };
}

/** A fresh account through registerAccount, signed in. */
export const register = async (t: TestApp, email: string, password = 'First-Pass-1'): Promise<Registered> => {
  const res = await call(t.app, 'POST', '/api/auth/registerAccount', { body: { email, password } });
  if (res.status !== 201)
    throw new Error(`registerAccount ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** The subject of the mail that proves an address (sign-up, resendVerification). */
export const CONFIRM_SUBJECT = 'Confirm your Patient Portal email address';

/**
 * The token of the newest mailed link to `path` (e.g. '/email-updated-success'), waited for: some
 * mails go out after the answer (forgotPassword).
 */
export const mailedToken = async (t: TestApp, to: string, path: string): Promise<string | undefined> => {
  const link = new RegExp(`${path}\\?token=([\\w-]{43})`);
  const mails = await eventually(
    () => t.mail.list(to),
    (list) => list.some((m) => link.test(m.text)),
  );
  return mails.map((m) => link.exec(m.text)?.[1]).find(Boolean);
};

/** The subjects of the mails to `to`, newest first. */
export const subjects = async (t: TestApp, to: string): Promise<string[]> =>
  (await t.mail.list(to)).map((m) => m.subject);

/** The unsubscribe id in the footer of the newest mail to `to`. */
export const unsubscribeId = async (t: TestApp, to: string): Promise<string> =>
  /\/unsubscribe\/([\w-]+\.[\w-]+)/.exec((await t.mail.list(to))[0].text)![1];

/** The raw newest mail to `to`, headers included. */
export const rawMail = async (t: TestApp, to: string): Promise<string> =>
  (
    await t.query(`SELECT raw FROM devmail.messages WHERE $1 = ANY(recipients) ORDER BY id DESC LIMIT 1`, [
      to,
    ])
  )[0].raw;

/** What the unsubscribe page's bot check sends: a challenge of the server solved, base64 JSON. */
export const solvedBotCheck = async (t: TestApp): Promise<string> => {
  const challenge = (await call(t.app, 'GET', '/api/subscriptions/challenge')).body;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

export const changePassword = (t: TestApp, token: string, currentPassword: string, newPassword: string) =>
  call(t.app, 'PUT', '/api/myIdentity/updatePassword', {
    token,
    body: { currentPassword, newPassword, confirmNewPassword: newPassword },
  });

export const saveSettings = (
  t: TestApp,
  token: string,
  settings: Array<{ mnemonic: string; value: boolean }>,
) => call(t.app, 'POST', '/api/notificationSettings', { token, body: { settings } });

export const settingValue = (list: Array<{ mnemonic: string; value: boolean }>, mnemonic: string): boolean =>
  list.find((s) => s.mnemonic === mnemonic)!.value;
