import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login.page';
import { mailedPath, signInAsNewAccount } from './pages/mail';

const legacy = `http://localhost:${require('./servers.cjs').legacy.port}`;
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('family members: add (Other relative needs a letters-only relation), edit, delete', async ({
  page,
  request,
}) => {
  await signInAsNewAccount(page, request, 'family');
  await page.goto('/family-members');
  await expect(page.getByTestId('family-empty')).toBeVisible();
  await page.getByTestId('family-add').click();
  await page.getByTestId('family-save').click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Please select relationship to you')).toBeVisible();
  await page.getByTestId('family-firstName').fill('Ana');
  await page.getByTestId('family-lastName').fill('Jordan');
  await page.getByTestId('family-relationship').click();
  await page.getByRole('option', { name: 'Other relative' }).click();
  await page.getByTestId('family-save').click();
  await expect(page.getByText('Please specify relationship with you')).toBeVisible();
  await page.getByTestId('family-relation').fill('Aunt 2');
  await page.getByTestId('family-save').click();
  await expect(page.getByText('Only letters are allowed')).toBeVisible();
  await page.getByTestId('family-relation').fill('Great aunt');
  await page.getByTestId('family-save').click();
  await expect(page.getByText('Entry has been saved successfully')).toBeVisible();
  await expect(page.getByTestId('family-list')).toContainText('Ana Jordan');
  await expect(page.getByTestId('family-list')).toContainText('Other relative: Great aunt');

  await page.getByTestId('family-edit').click();
  await page.getByTestId('family-firstName').fill('Anna');
  await page.getByTestId('family-relationship').click();
  await page.getByRole('option', { name: 'Sibling' }).click();
  await page.getByTestId('family-save').click();
  await expect(page.getByTestId('family-list')).toContainText('Anna Jordan');
  await expect(page.getByTestId('family-list')).toContainText('Sibling');

  await page.getByTestId('family-delete').click();
  await page.getByTestId('family-delete-confirm').click();
  await expect(page.getByText('Entry has been deleted successfully')).toBeVisible();
  await expect(page.getByTestId('family-empty')).toBeVisible();
});

test('account removal: the password, then the mailed link; afterwards the account cannot sign in', async ({
  page,
  request,
}) => {
  const email = await signInAsNewAccount(page, request, 'leaver');
  await page.goto('/account-removal');
  await page.getByTestId('removal-password').fill('Wrong-Pass-1');
  await page.getByTestId('removal-request').click();
  await expect(page.getByText('Current password is incorrect').first()).toBeVisible();
  await page.getByTestId('removal-password').fill('Account-Pass-1');
  await page.getByTestId('removal-request').click();
  await expect(page.getByTestId('removal-sent')).toBeVisible();

  await page.goto(await mailedPath(request, email, '/account-removal'));
  await page.getByTestId('removal-confirm').click();
  await expect(page.getByText('Your account has been removed.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const login = new LoginPage(page);
  await login.signIn(email, 'Account-Pass-1');
  await expect(login.error()).toBeVisible();
});

test('identity verification: a file that is not an image is refused whatever its name; a photo verifies the identity', async ({
  page,
  request,
}) => {
  await signInAsNewAccount(page, request, 'verify');
  await page.goto('/my-identity');
  await expect(page.getByTestId('identity-status')).toHaveText('Identity not verified');
  await page.getByTestId('identity-verify').click();
  await page.getByTestId('identity-photo').setInputFiles({
    name: 'licence.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.7 not a photo'),
  });
  await expect(page.getByTestId('identity-photo-error')).toHaveText('Please choose a valid image');
  await page
    .getByTestId('identity-photo')
    .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByTestId('identity-preview')).toBeVisible();
  await page.getByTestId('identity-submit').click();
  await expect(page.getByText('Please confirm this is a photo of your valid driver’s licence')).toBeVisible();
  await page.getByTestId('identity-confirm').check();
  await page.getByTestId('identity-terms').check();
  await page.getByTestId('identity-submit').click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(page.getByTestId('identity-status')).toHaveText('Identity verified');
});

test('phone login (older table) mails a sign-in link that signs the demo patient in', async ({
  page,
  request,
}) => {
  await page.goto(`${legacy}/loginUsingPhoneNumber`);
  await expect(page.getByTestId('phone-login-countryCode')).toContainText('+1');
  await page.getByTestId('phone-login-phone').fill('212-555-0147');
  await page.getByTestId('phone-login-submit').click();
  await expect(page.getByTestId('phone-login-sent')).toBeVisible();
  // The mail went to the legacy portal's own capture.
  await page.goto(`${legacy}${await mailedPath(request, 'patient@example.com', '/loginAs', legacy)}`);
  await expect(page).toHaveURL(`${legacy}/myRecords`);
});
