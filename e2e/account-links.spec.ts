import { expect, test } from '@playwright/test';
import { LoginPage, storedKeys } from './pages/login.page';
import { csrfHeaders, makeAccount, mailedPath } from './pages/mail';

test('unsubscribe from a notice: the bot check passes, Confirm opts out, every notification is off', async ({
  page,
  request,
}) => {
  const email = `optout.${Date.now()}@example.com`;
  const account = await makeAccount(request, email, 'Optout-Pass-1');
  // A password change sends the notice that carries the unsubscribe link.
  const changed = await request.put('/api/myIdentity/updatePassword', {
    headers: { ...(await csrfHeaders(request)), authorization: `Bearer ${account.token}` },
    data: {
      currentPassword: 'Optout-Pass-1',
      newPassword: 'Optout-Pass-2',
      confirmNewPassword: 'Optout-Pass-2',
    },
  });
  expect(changed.status()).toBe(200);

  await page.goto(await mailedPath(request, email, '/unsubscribe/'));
  // The proof of work solves itself; then the question with Confirm and Cancel.
  await expect(page.getByTestId('unsubscribe-question')).toBeVisible();
  await page.getByTestId('unsubscribe-confirm').click();
  await expect(page.getByRole('heading', { name: "You've opted out" })).toBeVisible();
  await page.getByTestId('unsubscribe-leave').click();
  await expect(page).toHaveURL(/\/login$/);

  await new LoginPage(page).signIn(email, 'Optout-Pass-2');
  await expect(page).toHaveURL(/all-requests$/);
  await page.goto('/settings/notifications');
  for (const group of ['ACCOUNT_NOTIFICATIONS', 'REQUEST_NOTIFICATIONS', 'SHARING_NOTIFICATIONS'])
    await expect(page.getByTestId(`notification-${group}`)).not.toBeChecked();
});

test('an unsubscribe link that was not mailed by us says Invalid token; Cancel goes to login', async ({
  page,
}) => {
  await page.goto(`/unsubscribe/${Buffer.from('patient@example.com').toString('base64url')}.forged`);
  await expect(page.getByTestId('unsubscribe-question')).toBeVisible();
  await page.getByTestId('unsubscribe-confirm').click();
  await expect(page.getByTestId('unsubscribe-error')).toHaveText('Invalid token');

  await page.goto(`/unsubscribe/anything`);
  await expect(page.getByTestId('unsubscribe-question')).toBeVisible();
  await page.getByTestId('unsubscribe-cancel').click();
  await expect(page).toHaveURL(/\/login$/);
});

test('login as user: the support link signs in once; used again it says Invalid token!!!! and clears the stored user', async ({
  page,
  request,
}) => {
  const minted = await request.post('/api/auth/loginAsUser', {
    headers: { ...(await csrfHeaders(request)), 'x-support-key': 'e2e-support-key' },
    data: { email: 'patient@example.com', reason: 'e2e: checking what the patient sees' },
  });
  expect(minted.status()).toBe(200);
  const link = new URL((await minted.json()).link);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
  expect(await storedKeys(page)).toContain('token');

  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Invalid token!!!!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).toEqual([]);
});

test('login as user without a token goes to login', async ({ page }) => {
  await page.goto('/loginAs');
  await expect(page).toHaveURL(/\/login$/);
});
