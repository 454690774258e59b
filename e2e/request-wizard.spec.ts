import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { latestMail } from './pages/mail';
import { WizardPage } from './pages/wizard.page';

const noAxeViolations = async (page: Page, where: string) => {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(result.violations.map((v) => `${where}: ${v.id}`)).toEqual([]);
};

test('a visitor finds a facility, creates an account in the wizard, uploads a photo ID, signs and submits', async ({
  page,
  request,
}) => {
  const email = `visitor.${Date.now()}@example.com`;
  const wizard = new WizardPage(page);

  await page.goto('/home');
  // Suggestions start after more than 3 characters (spec §4 Facility search).
  await page.getByTestId('facility-search').fill('Sunr');
  await page.getByTestId('facility-option').filter({ hasText: 'Sunrise Medical Imaging' }).click();

  await wizard.expectStep('consent', 'Step 1 of 8');
  await expect(page).toHaveURL(/\/request-records\/consent$/);
  await expect(wizard.byTestId('consent-facility')).toHaveText('Sunrise Medical Imaging');
  await noAxeViolations(page, 'consent');
  // The consent box is required for a visitor.
  await wizard.next();
  await expect(wizard.byTestId('consent-error')).toHaveText(
    'You must provide consent in order to request your records',
  );
  await wizard.consent();

  await wizard.expectStep('create-account', 'Step 2 of 8');
  await wizard.createAccount(email, 'Visitor-Pass-1');

  await wizard.expectStep('who-is-filling-request', 'Step 3 of 8');
  await wizard.byTestId('filler-self').check();
  await wizard.next();

  await wizard.expectStep('patient-information', 'Step 4 of 8');
  await wizard.patientInformation({
    firstName: 'Vera',
    lastName: 'Visitor',
    month: 'April',
    day: '5',
    year: '1991',
    phone: '6175550123',
  });

  await wizard.expectStep('patient-mrn', 'Step 5 of 8');
  await noAxeViolations(page, 'patient-mrn');
  await wizard.records('REPORTS');

  await wizard.expectStep('upload-photo-id', 'Step 6 of 8');
  await wizard.uploadPhotoId();

  await wizard.expectStep('verify-details', 'Step 7 of 8');
  await expect(wizard.byTestId('verify-patient')).toContainText('Vera Visitor');
  await expect(wizard.byTestId('verify-records')).toContainText('Reports');
  await wizard.next();

  await wizard.expectStep('user-consent-page', 'Step 8 of 8');
  // Submitting unsigned says what is missing and stays.
  await wizard.next();
  await expect(wizard.byTestId('signature-error')).toBeVisible();
  await wizard.signAndSubmit();
  await noAxeViolations(page, 'success');

  // The request is the new account's: its open requests show it...
  await wizard.byTestId('wizard-next').click();
  await page.goto('/patient/my-records/open-requests');
  await expect(
    page.getByTestId('open-request-card').filter({ hasText: 'Sunrise Medical Imaging' }),
  ).toHaveCount(1);
  // ...and the confirmation mail went out.
  expect(await latestMail(request, email, /Sunrise Medical Imaging/)).toMatch(/Vera Visitor/);
});

test('an unknown step name opens the consent step', async ({ page }) => {
  await page.goto('/request-records/no-such-step');
  await expect(page.getByTestId('step-consent')).toBeVisible();
  await expect(page).toHaveURL(/\/request-records\/consent$/);
});
