import { expect, test } from '@playwright/test';
import { LoginPage, ShellHeader } from './pages/login.page';

const legacy = `http://localhost:${require('./servers.cjs').legacy.port}`;

test.describe('enable_v2 off: the legacy route table', () => {
  test('the server says enable_v2 is off', async ({ request }) => {
    expect(await (await request.get(`${legacy}/api/featureSettings`)).json()).toEqual({ enable_v2: false });
  });

  test('signed out, / is the public landing page of the older table', async ({ page }) => {
    await page.goto(`${legacy}/`);
    await expect(page).toHaveURL(`${legacy}/`);
    await expect(page.getByTestId('landing-headline')).toBeVisible();
    // New-table paths are not routes here.
    await page.goto(`${legacy}/forgot-password`);
    await expect(page).toHaveURL(`${legacy}/`);
  });

  test('the patient lands on /myRecords with legacy menu paths, and a 401 goes to /login', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open(legacy);
    await login.signIn('patient@example.com');
    await expect(page).toHaveURL(`${legacy}/myRecords`);
    await expect(page.getByTestId('all-studies-header')).toBeVisible();
    await expect(new ShellHeader(page).menuItem('Sharing')).toHaveAttribute('href', '/sharing');
    await page.goto(`${legacy}/patient/my-records/all-requests`);
    await expect(page).toHaveURL(`${legacy}/myRecords`);
  });

  test('a signed-in patient starts a request from /requestRecord: the facility search, then the wizard, in this table', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open(legacy);
    await login.signIn('patient@example.com');
    await expect(page).toHaveURL(`${legacy}/myRecords`);
    await page.goto(`${legacy}/requestRecord`);
    await expect(page).toHaveURL(`${legacy}/requestRecord`);
    await page.getByTestId('facility-search').fill('Sunr');
    await page.getByTestId('facility-option').filter({ hasText: 'Sunrise Medical Imaging' }).click();
    await expect(page).toHaveURL(`${legacy}/request-records/consent`);
    await expect(page.getByTestId('step-consent')).toBeVisible();
    await expect(page.getByTestId('consent-facility')).toHaveText('Sunrise Medical Imaging');
    // /requestRecord/new goes on with the request under way, at its first step.
    await page.goto(`${legacy}/requestRecord/new`);
    await expect(page.getByTestId('step-consent')).toBeVisible();
    await expect(page).toHaveURL(/\/request-records\/consent$/);
  });

  test('the provider lands on /dataRequest', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open(legacy);
    await login.signIn('provider@example.com');
    await expect(page).toHaveURL(`${legacy}/dataRequest`);
    // A request opens on the legacy details route, and its back button returns to /dataRequest.
    await page
      .getByTestId('data-request-row')
      .filter({ hasText: 'Jordan, Pat' })
      .first()
      .getByTestId('data-request-open')
      .click();
    await expect(page).toHaveURL(new RegExp(`${legacy}/data-request/details\\?id=`));
    await expect(page.getByTestId('request-detail-title')).toHaveText('Request detail: Jordan, Pat');
    await page.getByTestId('request-detail-back').click();
    await expect(page).toHaveURL(`${legacy}/dataRequest`);
    // The details route without a request (a bookmark, a cut link) goes to the inbox, not an empty heading.
    await page.goto(`${legacy}/data-request/details`);
    await expect(page).toHaveURL(`${legacy}/dataRequest`);
    await expect(page.getByTestId('data-request-row').first()).toBeVisible();
  });
});
