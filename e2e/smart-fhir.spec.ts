import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/login.page';
import { RecordsPage } from './pages/records.page';
import { ViewerPage } from './pages/viewer.page';

/**
 * Issue 28, in Chromium, against the demo's real facility systems (e2e/serve.cjs starts them for the
 * main portal): Lakeside Radiology's EHR (FHIR R4, SMART Backend Services, its own WADO-RS) and St.
 * Mary's PACS (Orthanc, installed by the tests). The patient queries both, stops and reloads, requests
 * a study the EHR lists without images (the facility's inbox: an open request naming the study) and
 * one the PACS serves (moved in: the study opens in the viewer).
 */
const row = (page: Page, description: string) =>
  page.getByTestId('smart-fhir-row').filter({ hasText: description });

/** axe (WCAG 2 A and AA) finds nothing, at the desktop width and at a phone's. */
const accessible = async (page: Page) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(violations.map((v) => `${width}px ${v.id}: ${v.help}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

const request = async (page: Page, description: string, confirmText: RegExp) => {
  await row(page, description).getByTestId('smart-fhir-request').click();
  const dialog = page.getByTestId('smart-fhir-confirm');
  await expect(dialog).toContainText(confirmText);
  await page.getByTestId('smart-fhir-confirm-ok').click();
  await expect(page.getByText('Patient request has been generated successfully')).toBeVisible();
  await expect(row(page, description).getByTestId('smart-fhir-requested')).toBeVisible();
};

test('the patient finds studies at two facilities, stops and reloads, requests two, and views the one moved in', async ({
  page,
}) => {
  const records = new RecordsPage(page);
  await records.signIn();
  await page.getByTestId('side-menu').getByText('Smart FHIR').click();
  await expect(page).toHaveURL(/\/smart-fhir$/);
  await expect(page.getByTestId('smart-fhir-page')).toBeVisible();
  // Both sources answer: three studies at the EHR, two at the PACS; the banner goes once all have answered.
  await expect(page.getByTestId('smart-fhir-row')).toHaveCount(5, { timeout: 20_000 });
  await expect(page.getByTestId('smart-fhir-banner')).toHaveCount(0);
  await expect(row(page, 'MR BRAIN W/O CONTRAST')).toContainText('Lakeside Radiology');
  await expect(row(page, 'MR BRAIN W/O CONTRAST')).toContainText('Joan Carter');
  await expect(row(page, 'CT HEAD W/O CONTRAST')).toContainText('St. Mary Imaging Center');
  await expect(page.getByTestId('smart-fhir-source-error')).toHaveCount(0);
  await accessible(page);

  // Reload on a slow network: the banner stays while the facilities are asked, and Stop ends it.
  await page.route('**/api/smartFhir/loadGridByIdentifier**', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue().catch(() => undefined);
  });
  await page.getByTestId('smart-fhir-reload').click();
  await expect(page.getByTestId('smart-fhir-banner')).toBeVisible();
  await expect(page.getByTestId('smart-fhir-row')).toHaveCount(0);
  await page.getByTestId('smart-fhir-stop').click();
  await expect(page.getByTestId('smart-fhir-banner')).toHaveCount(0);
  await page.unroute('**/api/smartFhir/loadGridByIdentifier**');
  await page.getByTestId('smart-fhir-reload').click();
  await expect(page.getByTestId('smart-fhir-row')).toHaveCount(5, { timeout: 20_000 });

  // The EHR lists the angiogram without images: the request goes to the facility.
  await request(page, 'XA CORONARY ANGIOGRAM', /Lakeside Radiology/);
  // The PACS serves the CT: the request moves it in.
  await request(page, 'CT HEAD W/O CONTRAST', /brought into My Records automatically/);

  await page.getByTestId('side-menu').getByText('My Records').click();
  await records.tab('open-requests').click();
  await records.settled();
  const open = records.byTestId('open-request-card').filter({ hasText: 'XA CORONARY ANGIOGRAM' });
  await expect(open).toContainText('Lakeside Radiology');
  await expect(open.getByTestId('open-request-study')).toHaveText('XA CORONARY ANGIOGRAM');

  await records.tab('all-requests').click();
  await records.settled();
  // The move runs in the background: a fresh look at the library until the study is in it.
  await expect(async () => {
    await page.reload();
    await records.settled();
    await records.showAllCards();
    await expect(records.cards().filter({ hasText: 'CT HEAD W/O CONTRAST' })).toHaveCount(1, {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await records.cards().filter({ hasText: 'CT HEAD W/O CONTRAST' }).click();
  await expect(records.byTestId('imaging-provider')).toContainText('St. Mary Imaging Center');
  await records.byTestId('tab-imaging').click();
  await new ViewerPage(page).ready();
});

test('the SMART_FHIR user finds their own studies and requests one', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('fhir@example.com');
  await expect(page).toHaveURL(/\/smart-fhir$/);
  await expect(page.getByTestId('smart-fhir-row')).toHaveCount(5, { timeout: 20_000 });
  await request(page, 'MR BRAIN W/O CONTRAST', /brought into My Records automatically/);
  await expect(page.getByTestId('smart-fhir-load-more')).toHaveCount(0);
});
