import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './pages/login.page';
import { signInAsNewAccount } from './pages/mail';

// Issue 8: what a walk through the screens found, each journey asserting what the user sees.

const noAxeViolations = async (page: Page) => {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
};

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

const toastWith = (page: Page, text: string) =>
  page.locator('.notistack-MuiContent').filter({ hasText: text });

test('a stored token that no longer verifies does not break the public start-up call', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('patient@example.com');
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
  // Nothing of the signed-in page in flight: a call answered 401 after the change below would end
  // the session before the next page starts, and that page would then send no token at all.
  await page.waitForLoadState('networkidle');
  // The browser keeps a token whose signature no longer verifies (as after a key change or tampering).
  await page.evaluate(() =>
    localStorage.setItem('token', `${localStorage.getItem('token')!.slice(0, -6)}AAAAAA`),
  );
  const settings = page.waitForResponse((r) => r.url().endsWith('/api/featureSettings'));
  await page.goto('/home');
  const answer = await settings;
  expect(answer.request().headers()['authorization']).toMatch(/^Bearer /);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ enable_v2: true });
});

test('the SMART_FHIR role lands on its Smart FHIR page and is kept out of the data-request page', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('fhir@example.com');
  await expect(page).toHaveURL(/\/smart-fhir$/);
  await expect(page.getByTestId('page-title')).toHaveText('Smart FHIR');
  await expect(page.getByTestId('side-menu')).toContainText('Smart FHIR');
  await page.goto('/provider/external-requests');
  await expect(page).toHaveURL(/\/smart-fhir$/);
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
});

test('a successful retry removes the error toast of the same action, and the toast leaves the page heading readable', async ({
  page,
  request,
}) => {
  await signInAsNewAccount(page, request, 'retry', 'First-Pass-1');
  await page.goto('/settings/login-password-setting');
  await page.getByTestId('password-edit').click();
  await page.getByTestId('change-password-current').fill('Wrong-Pass-1');
  await page.getByTestId('change-password-new').fill('Second-Pass-2');
  await page.getByTestId('change-password-confirm').fill('Second-Pass-2');
  await page.getByTestId('change-password-save').click();
  const error = toastWith(page, 'Current password is incorrect');
  await expect(error).toBeVisible();
  expect(await overlaps(error, page.getByRole('heading', { level: 1 }))).toBe(false);

  await page.getByTestId('change-password-current').fill('First-Pass-1');
  await page.getByTestId('change-password-save').click();
  const success = toastWith(page, 'Your password has been changed successfully');
  await expect(success).toBeVisible();
  await expect(error).toHaveCount(0);
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
  await expect(page.getByTestId('page-title')).toBeVisible();
  expect(await overlaps(success, page.getByTestId('page-title'))).toBe(false);
  await page.screenshot({ path: test.info().outputPath('toast-after-retry.png') });
});

test('/report has a way back: its Back button returns to the records', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('patient@example.com');
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
  await page.goto('/report');
  await expect(page.getByTestId('page-title')).toHaveText('Report');
  // The layout hides its header and menu on report pages; the page brings its own way back.
  await expect(page.getByTestId('header')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('report.png') });
  await noAxeViolations(page);
  await page.getByTestId('report-back').click();
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
});

test("the new email refuses an address whose domain has no dot, with the spec's message", async ({
  page,
  request,
}) => {
  await signInAsNewAccount(page, request, 'dotless');
  await page.goto('/settings/login-password-setting');
  await page.getByTestId('email-edit').click();
  await page.getByTestId('new-email').fill('bad@x');
  await page.getByTestId('new-email').blur();
  await expect(page.getByText('Please enter a valid email', { exact: true })).toBeVisible();
  await expect(page.getByTestId('email-confirm')).toBeDisabled();
  await page.getByTestId('new-email').fill('good@example.org');
  await expect(page.getByTestId('email-confirm')).toBeEnabled();
  await expect(page.getByText('Please enter a valid email', { exact: true })).toHaveCount(0);
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the provider's data-request table scrolls sideways and says so, down to its Open buttons", async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('provider@example.com');
    await expect(page).toHaveURL(/\/provider\/all-records$/);
    await page.goto('/provider/external-requests');
    await expect(page.getByTestId('data-request-row')).toHaveCount(8);
    await expect(page.getByTestId('data-requests-table-hint')).toHaveText(
      'Scroll sideways to see all columns →',
    );
    const table = page.getByTestId('data-requests-table');
    await expect(table).toHaveAttribute('data-more-columns', 'true');
    const open = page.getByTestId('data-request-open').first();
    await expect(open).not.toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('provider-375-start.png') });
    await noAxeViolations(page);

    await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(open).toBeInViewport();
    // Scrolled to the end, the last columns fill the box: no blank run after the table.
    expect(
      await table.evaluate((el) => el.scrollWidth - el.querySelector('table')!.getBoundingClientRect().width),
    ).toBeLessThanOrEqual(1);
    await expect(table).not.toHaveAttribute('data-more-columns');
    // The page itself does not scroll sideways: only the table does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('provider-375-end.png') });
  });
});
