import { expect, test } from '@playwright/test';
import { LoginPage, ShellHeader } from './pages/login.page';

const { independent } = require('./servers.cjs');
const portal = `http://localhost:${independent.port}`;

test.describe('remotes deployed on their own', () => {
  test('the unchanged shell loads mfe-auth rebuilt one version ahead from another origin', async ({
    page,
  }) => {
    const manifest = await (await page.request.get(`${portal}/remotes.json`)).json();
    expect(manifest['mfe-auth']).toBe('http://localhost:8183/remoteEntry.js');
    const entry = page.waitForResponse('http://localhost:8183/remoteEntry.js');
    await page.goto(`${portal}/login`);
    expect((await entry).status()).toBe(200);
    await expect(page.locator('[data-remote="mfe-auth"]')).toHaveAttribute(
      'data-remote-version',
      '0.2.0-ahead',
    );
    // Its exposed contract still holds: the Login screen works against this portal.
    await new LoginPage(page).signIn('patient@example.com');
    await expect(page).toHaveURL(`${portal}/patient/my-records/all-requests`);
  });

  test('a remote that throws while mounting shows the fallback; the rest keeps working', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open(portal);
    await login.signIn('coordinator@example.com');
    await expect(page).toHaveURL(`${portal}/groups`);
    await expect(page.getByTestId('remote-fallback')).toContainText(
      'This part of the portal is unavailable right now',
    );
    await expect(page.getByTestId('header')).toBeVisible();
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-settings').click();
    await expect(page).toHaveURL(`${portal}/settings`);
    await expect(page.getByText('Notification Setting')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });

  test('an unreachable remote shows the fallback while the header, menus and other remotes work', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open(portal);
    await login.signIn('patient@example.com');
    await expect(page).toHaveURL(`${portal}/patient/my-records/all-requests`);
    await expect(page.getByTestId('remote-fallback')).toContainText(
      'This part of the portal is unavailable right now',
    );
    await expect(page.getByTestId('header')).toBeVisible();
    // Another remote still works from the same page.
    await new ShellHeader(page).menuItem('Settings').click();
    await expect(page).toHaveURL(`${portal}/settings`);
    await expect(page.getByText('Notification Setting')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });
});
