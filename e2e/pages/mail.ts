import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage } from './login.page';

/** The newest mail to an address in the SMTP capture, waited for (never slept for). */
export const latestMail = async (
  request: APIRequestContext,
  to: string,
  match: RegExp,
  base = '',
): Promise<string> => {
  let text = '';
  await expect
    .poll(async () => {
      const mails: Array<{ text: string }> = await (
        await request.get(`${base}/api/dev/mail?to=${encodeURIComponent(to)}`)
      ).json();
      text = mails.find((m) => match.test(m.text))?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
};

/** Path and query of the first link in a mail whose path matches, for page.goto on the test's own origin (`base`: another portal's capture). */
export const mailedPath = async (
  request: APIRequestContext,
  to: string,
  path: string,
  base = '',
): Promise<string> => {
  const re = new RegExp(`https?://\\S+${path.replace(/[/]/g, '\\/')}\\S*`);
  const url = new URL(re.exec(await latestMail(request, to, re, base))![0]);
  return url.pathname + url.search;
};

/** The double-submit CSRF header: the XSRF-TOKEN cookie the gateway set, echoed. */
export const csrfHeaders = async (request: APIRequestContext) => {
  await request.get('/api/featureSettings');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return { 'x-csrf-token': cookie!.value };
};

/** A fresh account with a password, made through the API (the UI flow has its own journey). */
export const makeAccount = async (request: APIRequestContext, email: string, password: string) => {
  const headers = await csrfHeaders(request);
  const res = await request.post('/api/auth/registerAccount', { headers, data: { email, password } });
  expect(res.status()).toBe(201);
  return res.json();
};

/** A fresh account, signed in through the Login screen of `base` (this test's portal by default). */
export const signInAsNewAccount = async (
  page: Page,
  request: APIRequestContext,
  name: string,
  password = 'Account-Pass-1',
  base = '',
) => {
  const email = `${name}.${Date.now()}@example.com`;
  await makeAccount(request, email, password);
  await page.goto(`${base}/login`);
  await new LoginPage(page).signIn(email, password);
  await expect(page).toHaveURL(/all-requests$/);
  return email;
};
