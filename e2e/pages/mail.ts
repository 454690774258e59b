import { expect, type APIRequestContext } from '@playwright/test';

/** The newest mail to an address in the SMTP capture, waited for (never slept for). */
export const latestMail = async (request: APIRequestContext, to: string, match: RegExp, base = ''): Promise<string> => {
  let text = '';
  await expect
    .poll(async () => {
      const mails: Array<{ text: string }> = await (await request.get(`${base}/api/dev/mail?to=${encodeURIComponent(to)}`)).json();
      text = mails.find((m) => match.test(m.text))?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
};

/** Path and query of the first link in a mail whose path matches, for page.goto on the test's own origin (`base`: another portal's capture). */
export const mailedPath = async (request: APIRequestContext, to: string, path: string, base = ''): Promise<string> => {
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
