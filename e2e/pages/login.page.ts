import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-Portal-1';

/** The Login screen of mfe-auth. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(baseURL?: string) {
    await this.page.goto(`${baseURL ?? ''}/login`);
    await expect(this.page.getByTestId('login-submit')).toBeVisible();
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    await this.page.getByTestId('login-email').fill(email);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  error() {
    return this.page.getByTestId('login-error');
  }
}

/** Header of the shell: the profile menu with Logout. */
export class ShellHeader {
  constructor(private readonly page: Page) {}

  async logout() {
    await this.page.getByTestId('profile-menu').click();
    await this.page.getByTestId('logout').click();
  }

  menuItem(label: string) {
    return this.page.getByTestId('side-menu').getByRole('link', { name: label });
  }
}

/** The keys the spec stores in the browser for a signed-in user. */
export const STORED_USER_KEYS = ['token', 'refresh_token', 'expiryTime', 'userData'];

export const storedKeys = (page: Page) =>
  page.evaluate((keys) => keys.filter((k) => localStorage.getItem(k) !== null), STORED_USER_KEYS);
