import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login.page';

// [user, page after sign-in, role fallback page]: the provider signs in to All Records (login rule),
// while its role fallback is the data-request page (decision 0004).
const LANDINGS: Array<[string, RegExp, RegExp?]> = [
  ['patient@example.com', /\/patient\/my-records\/all-requests$/],
  ['provider@example.com', /\/provider\/all-records$/, /\/provider\/external-requests$/],
  ['coordinator@example.com', /\/groups$/],
  ['admin@example.com', /\/groupAdmin$/],
  ['viewer@example.com', /\/patient\/my-records\/shared-with-me$/],
  // SMART_FHIR: its own page; the data-request page would answer it 403.
  ['fhir@example.com', /\/smart-fhir$/],
  ['multi@example.com', /\/patient\/my-records\/all-requests$/],
];

for (const [email, landing, fallback = landing] of LANDINGS) {
  test(`${email} lands on the fallback page of its role`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(email);
    await expect(page).toHaveURL(landing);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    // An area of another role sends the user back to the role's page.
    await page.goto('/groupAdmin');
    if (!email.startsWith('admin')) await expect(page).toHaveURL(fallback);
  });
}

test('the external provider sees its reduced menu and its facility requests', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('provider@example.com');
  await expect(page.getByTestId('side-menu')).toContainText('All Records');
  await expect(page.getByTestId('side-menu')).toContainText('External Requests');
  await expect(page.getByTestId('side-menu')).not.toContainText('My Records');
  await page.getByTestId('side-menu').getByText('External Requests').click();
  // Only St. Mary's requests: two of the demo patient's three (the third is Lakeside's) and the demo inbox's six.
  await expect(page.getByTestId('data-request-row').filter({ hasText: 'Jordan, Pat' })).toHaveCount(2);
  await expect(page.getByTestId('data-request-row').filter({ hasText: 'Garcia, Maria' })).toHaveCount(6);
  await expect(page.getByTestId('data-request-row').filter({ hasText: 'Lakeside' })).toHaveCount(0);
  await expect(page.getByTestId('data-request-row').filter({ hasText: 'Jordan, Pat' }).first()).toContainText(
    '03/12/1984',
  );
  await expect(
    page
      .getByTestId('data-request-row')
      .filter({ hasText: 'Jordan, Pat' })
      .filter({ hasText: 'Images, Reports' }),
  ).toHaveCount(1);
});

test('a user with two roles switches role from the profile menu and lands on the new role page', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('multi@example.com');
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('switch-role').click();
  await expect(page).toHaveURL(/\/switch-role$/);
  await page.getByTestId('switch-role-MEDICAL_COORDINATOR').click();
  await expect(page).toHaveURL(/\/groups$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData')!).role.mnemonic)).toBe(
    'MEDICAL_COORDINATOR',
  );
  // Back to the patient role for the other journeys.
  await page.goto('/switch-role');
  await page.getByTestId('switch-role-PATIENT').click();
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
});
