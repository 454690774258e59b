import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/login.page';

/**
 * The pages the route tables name beside the dialogs and menus (/report, /download, /print-access-form,
 * /share-with-facility, /provider/settings): each opens the same screens the dialog and the menus use,
 * and one opened without naming a record lets the user choose it, instead of a bare heading or a bounce.
 */
const signIn = async (page: Page, email: string) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email);
  await expect(page).not.toHaveURL(/\/login/);
};

test('/report lists the patient’s reports and opens the chosen one in the record view', async ({ page }) => {
  await signIn(page, 'patient@example.com');
  await page.goto('/report');
  const choices = page.getByTestId('report-choose-item');
  await expect(choices.first()).toBeVisible();
  await expect(page.getByTestId('report-choose')).toContainText('Knee X-ray report');
  await choices.filter({ hasText: 'Knee X-ray report' }).click();
  await expect(page).toHaveURL(/\/patient\/my-records\/view-request-report-details\/[^/]+\/[^/?]+/);
  await expect(page.getByTestId('tab-report')).toBeVisible();
});

for (const [path, panel] of [
  ['/download', 'share-tab-download-panel'],
  ['/print-access-form', 'share-tab-print-access-page-panel'],
  ['/share-with-facility', 'share-tab-share-with-facility-panel'],
] as const) {
  test(`${path} lets the patient choose an imaging study, then shows that tab of Share Records for it`, async ({
    page,
  }) => {
    await signIn(page, 'patient@example.com');
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const study = page.getByTestId('share-page-choose-item').filter({ hasText: 'MR BRAIN' }).first();
    await study.click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?patientRequestId=`));
    await expect(page.getByTestId(panel)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`${path.slice(1)}.png`), fullPage: true });
  });
}

test('/download saves the chosen study as an ISO from the page itself', async ({ page }) => {
  await signIn(page, 'patient@example.com');
  await page.goto('/download');
  await page.getByTestId('share-page-choose-item').filter({ hasText: 'MR BRAIN' }).first().click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-iso').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.iso$/);
  await expect(page.getByTestId('share-tab-download-panel')).toBeVisible();
});

test("the provider's Settings are the account settings, with their three cards", async ({ page }) => {
  await signIn(page, 'provider@example.com');
  await page.goto('/provider/settings');
  await expect(page).toHaveURL(/\/provider\/settings$/);
  for (const card of ['personal-information', 'login-password', 'notification-setting'])
    await expect(page.getByTestId(`settings-card-${card}`)).toBeVisible();
  await page.getByTestId('settings-manage-notification-setting').click();
  await expect(page).toHaveURL(/\/notifications$/);
});
