import { expect, test, type APIRequestContext } from '@playwright/test';
import { LoginPage } from './pages/login.page';

const mailedLink = async (request: APIRequestContext, to: string): Promise<string> => {
  let link = '';
  await expect
    .poll(async () => {
      const [mail] = await (await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`)).json();
      link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return new URL(link).pathname + new URL(link).search;
};

/** The double-submit CSRF header: the XSRF-TOKEN cookie the gateway set, echoed. */
const csrfHeaders = async (request: APIRequestContext) => {
  await request.get('/api/featureSettings');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return { 'x-csrf-token': cookie!.value };
};

test('sign up, set the password from the mailed link, then sign in with it', async ({ page, request }) => {
  const email = `setter.${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByTestId('signup-firstName').fill('Sol');
  await page.getByTestId('signup-lastName').fill('Setter');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-dateOfBirth').fill('1992-02-02');
  await page.getByTestId('signup-locale').selectOption('Europe/London');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-success')).toBeVisible();

  await page.goto(await mailedLink(request, email));
  await page.getByTestId('reset-newPassword').fill('short');
  await page.getByTestId('reset-confirmNewPassword').fill('other');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByTestId('reset-newPassword').fill('Brand-New-1');
  await page.getByTestId('reset-confirmNewPassword').fill('Brand-New-1');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Your password has been changed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await new LoginPage(page).signIn(email, 'Brand-New-1');
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
});

test('forgot password: the mailed link sets a new password; the page returns to login after 3 seconds', async ({
  page,
  request,
}) => {
  // A user of this test's own, so the demo logins keep their password for the other journeys.
  const email = `forgetful.${Date.now()}@example.com`;
  const headers = await csrfHeaders(request);
  await request.post('/api/auth/createAccount', {
    headers,
    data: { firstName: 'Fay', lastName: 'Forgetful', email, dateOfBirth: '1980-08-08', locale: 'UTC' },
  });
  const setToken = new URL(await mailedLink(request, email), 'http://x').searchParams.get('token');
  expect(
    (
      await request.post('/api/auth/resetPassword', {
        headers,
        data: { token: setToken, newPassword: 'First-Pass-1' },
      })
    ).status(),
  ).toBe(200);

  await page.goto('/login');
  await page.getByTestId('login-forgot').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Patient Login');
  await expect(page.getByTestId('forgot-password-submit')).toBeDisabled();
  await page.getByTestId('forgot-password-email').fill('not-an-email');
  await expect(page.getByTestId('forgot-password-submit')).toBeDisabled();
  await page.getByTestId('forgot-password-email').fill(email);
  await page.getByTestId('forgot-password-submit').click();
  await expect(page.getByTestId('forgot-password-sent')).toHaveText(
    'We have sent you an email containing a link to reset your password.',
  );
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await expect
    .poll(
      async () => (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()).length,
    )
    .toBe(3);
  await page.goto(await mailedLink(request, email));
  await page.getByTestId('reset-newPassword').fill('Second-Pass-2');
  await page.getByTestId('reset-confirmNewPassword').fill('Second-Pass-2');
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  const login = new LoginPage(page);
  await login.signIn(email, 'First-Pass-1');
  await expect(login.error()).toBeVisible();
  await login.signIn(email, 'Second-Pass-2');
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
});

test("a dead forgot-password link says 'The forgot password token has expired' and goes home", async ({
  page,
}) => {
  await page.goto('/reset-password?token=bogus');
  await expect(page.getByText('The forgot password token has expired')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('reset-newPassword')).toHaveCount(0);
});

test('an expired or used email-change link shows Link No Longer Valid', async ({ page }) => {
  await page.goto('/email-updated-success?token=this-link-does-not-exist-or-has-expired-00000');
  await expect(page).toHaveURL(/\/link-expired$/);
  await expect(page.getByRole('heading', { name: 'Link No Longer Valid' })).toBeVisible();
  await expect(page.getByTestId('link-expired-text')).toBeVisible();
});
