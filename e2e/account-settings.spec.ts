import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage, ShellHeader } from './pages/login.page';
import { mailedPath, signInAsNewAccount } from './pages/mail';

const chooseOption = async (page: Page, testId: string, option: string | RegExp) => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
};

const noAxeViolations = async (page: Page) => {
  // Colours are checked at rest: a button just enabled is still fading in (MUI's 250 ms transition).
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
};

test('sign up, set a password from the mail, edit personal information (a bad date of birth, then a good one), change the password, sign out and in again', async ({
  page,
  request,
}) => {
  const email = `journey.${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByTestId('signup-firstName').fill('Jo');
  await page.getByTestId('signup-lastName').fill('Journey');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-dateOfBirth').fill('1985-05-05');
  await page.getByTestId('signup-locale').selectOption('America/New_York');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-success')).toBeVisible();

  await page.goto(await mailedPath(request, email, '/reset-password'));
  await page.getByTestId('reset-newPassword').fill('First-Pass-1');
  await page.getByTestId('reset-confirmNewPassword').fill('First-Pass-1');
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await new LoginPage(page).signIn(email, 'First-Pass-1');
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);

  // Settings: three cards, each with Manage.
  await page.goto('/settings');
  for (const card of ['personal-information', 'login-password', 'notification-setting'])
    await expect(page.getByTestId(`settings-card-${card}`)).toBeVisible();
  await noAxeViolations(page);
  await page.getByTestId('settings-manage-personal-information').click();
  await expect(page.getByTestId('personal-firstName')).toHaveValue('Jo');
  await expect(page.getByTestId('personal-countryCode')).toContainText('+1');

  await page.getByTestId('personal-middleName').fill('Q');
  await page.getByTestId('personal-phone').fill('(617) 555-1234');
  await expect(page.getByTestId('personal-phone')).toHaveValue('6175551234');
  await page.getByTestId('personal-address').fill('   1 Beacon Street');
  await expect(page.getByTestId('personal-address')).toHaveValue('1 Beacon Street');
  await chooseOption(page, 'personal-country', 'United States');
  await page.getByTestId('personal-city').fill('Bo');
  await expect(page.getByRole('option', { name: /Boston/ })).toHaveCount(0);
  await page.getByTestId('personal-city').fill('Bost');
  await page.getByRole('option', { name: 'Boston, Massachusetts', exact: true }).click();
  await expect(page.getByTestId('personal-state')).not.toHaveValue('');
  await page.getByTestId('personal-postcode').fill('02108');

  // A day February 1990 does not have, then a date in the future, then a good one.
  await chooseOption(page, 'personal-dob-month', 'February');
  await page.getByTestId('personal-dob-day').fill('30');
  await page.getByTestId('personal-dob-year').fill('1990');
  await expect(page.getByText('Invalid day for MM/YYYY')).toBeVisible();
  await expect(page.getByTestId('personal-save')).toBeDisabled();
  await page.getByTestId('personal-dob-day').fill('28');
  await page.getByTestId('personal-dob-year').fill(String(new Date().getFullYear() + 1));
  await expect(page.getByText('Year must be between 1900 and the current year')).toBeVisible();
  await page.getByTestId('personal-dob-year').fill('1990');
  await expect(page.getByText('Invalid day for MM/YYYY')).toHaveCount(0);
  await noAxeViolations(page);
  await page.getByTestId('personal-save').click();
  await expect(page.getByText('Your personal information has been updated...')).toBeVisible();

  // What was saved is what the page shows next time (the server had DD/MM/YYYY).
  await page.goto('/settings/personal-information');
  await expect(page.getByTestId('personal-phone')).toHaveValue('6175551234');
  await expect(page.getByTestId('personal-dob-day')).toHaveValue('28');
  await expect(page.getByTestId('personal-dob-year')).toHaveValue('1990');
  await expect(page.getByTestId('personal-city')).toHaveValue(/Boston/);

  // Login Password: the two edit modes exclude each other; then change the password.
  await page.goto('/settings/login-password-setting');
  await page.getByTestId('email-edit').click();
  await expect(page.getByTestId('new-email')).toBeVisible();
  await page.getByTestId('password-edit').click();
  await expect(page.getByTestId('new-email')).toHaveCount(0);
  await page.getByTestId('change-password-current').fill('First-Pass-1');
  await page.getByTestId('change-password-new').fill('Second Pass-2');
  await expect(page.getByTestId('change-password-new')).toHaveValue('SecondPass-2');
  await page.getByTestId('change-password-confirm').fill('Other-Pass-2');
  await page.getByTestId('change-password-save').click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByTestId('change-password-confirm').fill('SecondPass-2');
  await page.getByTestId('change-password-save').click();
  await expect(page.getByText('Your password has been changed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);

  await new ShellHeader(page).logout();
  await expect(page).toHaveURL(/\/login$/);
  const login = new LoginPage(page);
  await login.signIn(email, 'First-Pass-1');
  await expect(login.error()).toBeVisible();
  await login.signIn(email, 'SecondPass-2');
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
});

test('notification toggles: a group off switches its children off and disables them; saved settings come back', async ({
  page,
  request,
}) => {
  await signInAsNewAccount(page, request, 'toggles');
  await page.goto('/settings');
  await page.getByTestId('settings-manage-notification-setting').click();
  const save = page.getByTestId('notification-save');
  await expect(page.getByTestId('notification-SHARING_NOTIFICATIONS')).toBeChecked();
  await expect(save).toBeDisabled();

  await page.getByTestId('notification-SHARING_NOTIFICATIONS').click();
  for (const child of [
    'SHARING_INVITATION_SENT_NOTIFICATION',
    'SHARING_SHARED_WITH_ME_NOTIFICATION',
    'SHARING_SUCCESSFULLY_ACCESSED_NOTIFICATION',
  ]) {
    await expect(page.getByTestId(`notification-${child}`)).not.toBeChecked();
    await expect(page.getByTestId(`notification-${child}`)).toBeDisabled();
  }
  await page.getByTestId('notification-REQUEST_COMPLETION_NOTIFICATION').click();
  await expect(save).toBeEnabled();
  await noAxeViolations(page);
  await save.click();
  await expect(page.getByText('Notification Setting has been updated...')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  await page.goto('/settings/notifications');
  await expect(page.getByTestId('notification-SHARING_NOTIFICATIONS')).not.toBeChecked();
  await expect(page.getByTestId('notification-REQUEST_COMPLETION_NOTIFICATION')).not.toBeChecked();
  await expect(page.getByTestId('notification-REQUEST_SUBMITTION_NOTIFICATION')).toBeChecked();
});

test('email change: the link mailed to the new address confirms it; the old address no longer signs in', async ({
  page,
  request,
}) => {
  const email = await signInAsNewAccount(page, request, 'mover', 'Mover-Pass-1');
  const newEmail = `moved.${Date.now()}@example.com`;
  await page.goto('/settings/login-password-setting');
  await page.getByTestId('email-edit').click();
  await page.getByTestId('new-email').fill('not-an-email');
  await expect(page.getByTestId('email-confirm')).toBeDisabled();
  await page.getByTestId('new-email').fill(newEmail);
  await page.getByTestId('email-confirm').click();
  await expect(
    page.getByText("We've sent a confirmation link to your new email. Please confirm to finish the update."),
  ).toBeVisible();

  await page.goto(await mailedPath(request, newEmail, '/email-updated-success'));
  await expect(page.getByTestId('email-updated-email')).toContainText(newEmail);
  await page.getByTestId('email-updated-login').click();
  const login = new LoginPage(page);
  await login.signIn(email, 'Mover-Pass-1');
  await expect(login.error()).toBeVisible();
  await login.signIn(newEmail, 'Mover-Pass-1');
  await expect(page).toHaveURL(/all-requests$/);
});
