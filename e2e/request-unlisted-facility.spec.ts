import AxeBuilder from '@axe-core/playwright';
import * as fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@portal/contracts';
import { mailedPath, signInAsNewAccount } from './pages/mail';
import { ProviderPage } from './pages/provider.page';
import { FIXTURES, WizardPage } from './pages/wizard.page';

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.map((v) => v.id);

/**
 * Issue 24: 'Can't find your imaging provider? Start here'. A patient names a facility that is not in
 * the catalogue and requests from it through the same wizard; the facility gets the request by mail,
 * and its single-use link opens the provider page of that one request, where an upload reaches the
 * patient's records. The link does not work twice.
 */
test("a patient requests from a facility that is not listed; the facility's mailed link opens that request and its upload reaches the patient", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInAsNewAccount(page, request, 'unlisted');
  const stamp = Date.now();
  const facility = `Lakeside Family Imaging ${stamp}`;
  const facilityEmail = `films.${stamp}@lakeside.example`;

  await page.goto('/home');
  await page.getByTestId('start-here').click();
  await expect(page).toHaveURL(/\/request-records\/unlisted-facility$/);
  await page.getByTestId('unlisted-facility-next').click();
  for (const m of [
    MESSAGES.facilityNameRequired,
    MESSAGES.addressRequired,
    MESSAGES.phoneRequired,
    MESSAGES.emailRequired,
  ])
    await expect(page.getByText(m)).toBeVisible();
  await page.getByTestId('unlisted-facility-name').fill(facility);
  await page.getByTestId('unlisted-facility-address').fill('12 Shore Road, Lakeside, MA 02110');
  await page.getByTestId('unlisted-facility-phone').fill('55512');
  await page.getByTestId('unlisted-facility-email').fill('films-at-lakeside');
  await page.getByTestId('unlisted-facility-next').click();
  await expect(page.getByText(MESSAGES.validPhone)).toBeVisible();
  await expect(page.getByText(MESSAGES.pleaseEnterValidEmail)).toBeVisible();
  await page.getByTestId('unlisted-facility-phone').fill('5551234567');
  await page.getByTestId('unlisted-facility-email').fill(facilityEmail);
  expect(await axe(page)).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/unlisted-facility-form-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('unlisted-facility-next').click();

  // The same wizard as for a listed facility.
  const wizard = new WizardPage(page);
  await wizard.expectStep('consent', 'Step 1 of 8');
  await expect(wizard.byTestId('consent-facility')).toHaveText(facility);
  await wizard.next();
  await wizard.expectStep('who-is-filling-request', 'Step 2 of 8');
  await wizard.byTestId('filler-self').check();
  await wizard.next();
  await wizard.expectStep('patient-information', 'Step 3 of 8');
  await wizard.patientInformation({
    firstName: 'Robin',
    lastName: 'Quarry',
    month: 'April',
    day: '09',
    year: '1979',
    phone: '6175550123',
  });
  await wizard.expectStep('patient-mrn', 'Step 4 of 8');
  await wizard.records('REPORTS');
  await wizard.expectStep('upload-photo-id', 'Step 5 of 8');
  await wizard.uploadPhotoId();
  await wizard.expectStep('verify-details', 'Step 6 of 8');
  await expect(wizard.byTestId('verify-facility').or(page.getByText(facility)).first()).toBeVisible();
  await wizard.next();
  await wizard.expectStep('user-consent-page', 'Step 7 of 8');
  await wizard.signAndSubmit();

  // In the patient's open requests like any other, with the facility's name.
  await page.goto('/patient/my-records/open-requests');
  await expect(page.getByTestId('open-request-card').filter({ hasText: facility })).toBeVisible();

  // The facility's mail; its link, opened by a browser with nobody signed in, lands on that request.
  const link = await mailedPath(request, facilityEmail, '/loginAs');
  const staff = await (await browser.newContext({ baseURL })).newPage();
  await staff.goto(link);
  await expect(staff).toHaveURL(/\/provider\/patient-request-detail\/[0-9a-f-]{36}$/);
  const provider = new ProviderPage(staff);
  await expect(provider.byTestId('request-detail-title')).toHaveText('Request detail: Quarry, Robin');
  for (const width of [1280, 390]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.screenshot({ path: `/tmp/unlisted-facility-provider-${width}.png`, fullPage: true });
  }
  await staff.setViewportSize({ width: 1280, height: 900 });
  await provider.tab('REPORTS').click();
  await provider.dropFiles([
    { name: 'quarry-report.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(FIXTURES.legalDoc) },
  ]);
  await expect(provider.documents().filter({ hasText: 'quarry-report.pdf' })).toHaveCount(1);
  await provider.byTestId('provider-submit-records').click();
  await expect(staff.getByText('Patient request has been marked as uploaded successfully')).toBeVisible();
  // Its inbox holds this one request and nothing else.
  await expect(staff.locator('[data-request-id]')).toHaveCount(1);

  // The upload is in the patient's records.
  await page.goto('/patient/my-records/all-requests');
  await expect(page.getByTestId('document-card').filter({ hasText: 'quarry-report.pdf' })).toBeVisible();

  // The link works once: a second browser is refused.
  const again = await (await browser.newContext({ baseURL })).newPage();
  await again.goto(link);
  await expect(again.getByText(MESSAGES.invalidLoginAsToken)).toBeVisible();
  await expect(again).toHaveURL(/\/login$/);
});

test("the wizard's 'Choose a facility on the home page first.' leads back home", async ({ page }) => {
  await page.goto('/request-records/consent');
  await expect(page.getByTestId('consent-no-facility')).toContainText(
    'Choose a facility on the home page first.',
  );
  await page.getByTestId('consent-go-home').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('landing')).toBeVisible();
});
