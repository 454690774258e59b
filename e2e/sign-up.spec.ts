import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login.page';

test('sign up creates the account and mails a link to set the password', async ({ page, request }) => {
  const email = `newcomer.${Date.now()}@example.com`;
  await page.goto('/signup');
  await expect(page).toHaveTitle('Patient Login');
  await page.getByTestId('signup-submit').click();
  // Every required field says so, with the spec's messages.
  for (const message of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Date of birth is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByTestId('signup-firstName').fill('Nora');
  await page.getByTestId('signup-lastName').fill('Newcomer');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-dateOfBirth').fill('1991-04-05');
  await expect(page.getByTestId('signup-locale').locator('option')).not.toHaveCount(0);
  await page.getByTestId('signup-locale').selectOption('Europe/London');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-success')).toBeVisible();

  // The mail really went over SMTP to the capture: the dev inbox API has it.
  await expect
    .poll(
      async () => (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()).length,
    )
    .toBe(1);
  const [mail] = await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json();
  expect(mail.text).toMatch(/\/reset-password\?token=[\w-]{43}/);

  // Signing in before a password is set leads to the reset-password page (NEW_PASSWORD_REQUIRED).
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email, 'whatever-for-now');
  await expect(page).toHaveURL(/\/reset-password\?token=[0-9a-f-]{36}&tokenId=true$/);
});

test('sign up with an address that has an account says so', async ({ page }) => {
  await page.goto('/signup');
  await page.getByTestId('signup-firstName').fill('Pat');
  await page.getByTestId('signup-lastName').fill('Jordan');
  await page.getByTestId('signup-email').fill('patient@example.com');
  await page.getByTestId('signup-dateOfBirth').fill('1984-03-12');
  await page.getByTestId('signup-locale').selectOption('America/New_York');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-error')).toHaveText(
    'This email address is already associated with an account',
  );
});
