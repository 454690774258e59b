import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { LoginPage, ShellHeader, storedKeys, STORED_USER_KEYS } from './pages/login.page';

test('a newcomer opens /, signs in as the demo patient and lands on all requests', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('landing-headline')).toHaveText(
    'Access, view, and share your medical imaging records',
  );
  await page.getByTestId('header-login').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Patient Login');
  await new LoginPage(page).signIn('patient@example.com');
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
  // The library shows the demo studies stored from real DICOM files, the report delivered with them and two self uploads.
  await expect(page.getByTestId('all-studies-header')).toHaveText('All Studies (13)');
  await expect(page.getByTestId('study-card').filter({ hasText: 'CT CHEST ABDOMEN PHANTOM' })).toBeVisible();
  // The study list is non-empty, so the Sharing item is in the menu.
  await expect(new ShellHeader(page).menuItem('Sharing')).toBeVisible();
  await expect(page).not.toHaveTitle('Patient Login');
  expect(await storedKeys(page)).toEqual(STORED_USER_KEYS);
});

test('Logout returns to /login and clears the stored keys', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('patient@example.com');
  await expect(page).toHaveURL(/all-requests$/);
  await new ShellHeader(page).logout();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).toEqual([]);
  // The old session is over: a protected page sends the visitor to sign in again.
  await page.goto('/patient/my-records/all-requests');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the error and marks the password invalid until edited', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('patient@example.com', 'not-the-password');
  await expect(login.error()).toHaveText('Incorrect username or password.');
  await expect(page.getByTestId('login-password')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('login-password').fill('x');
  await expect(page.getByTestId('login-password')).toHaveAttribute('aria-invalid', 'false');
});

test('the login and landing pages have no accessibility violations', async ({ page }) => {
  for (const path of ['/login', '/home', '/signup']) {
    await page.goto(path);
    await expect(page.getByTestId('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(result.violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
  }
});

test('every remote uses the one shared React instance', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('patient@example.com');
  await expect(page.getByTestId('all-studies-header')).toBeVisible();
  const instances = await page.evaluate(() => {
    const s = (window as unknown as { __portalSession__: { reactInstances(): Map<string, unknown> } })
      .__portalSession__;
    const registry = s.reactInstances();
    return { names: [...registry.keys()], distinct: new Set(registry.values()).size };
  });
  expect(instances.names).toEqual(expect.arrayContaining(['shell', 'mfe-auth', 'mfe-records']));
  expect(instances.distinct).toBe(1);
});
