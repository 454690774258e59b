import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login.page';
import { WizardPage } from './pages/wizard.page';

const SUNRISE = 'Sunrise Medical Imaging';

const sunriseId = async (request: import('@playwright/test').APIRequestContext) => {
  const res = await request.get(`/api/facility/getCustodians?filterStr=${encodeURIComponent(SUNRISE)}`);
  return ((await res.json()) as Array<{ id: string; name: string }>).find((c) => c.name === SUNRISE)!.id;
};

test('the facility page starts a request for that facility', async ({ page, request }) => {
  const id = await sunriseId(request);
  await page.goto(`/facility/${id}`);
  await expect(page.getByTestId('facility-name')).toHaveText(SUNRISE);
  await expect(page.getByTestId('facility-doc-types')).toContainText('Images');
  await page.getByTestId('facility-request').click();
  const wizard = new WizardPage(page);
  await wizard.expectStep('consent', 'Step 1 of 8');
  await expect(wizard.byTestId('consent-facility')).toHaveText(SUNRISE);
});

test("the facility's own login page shows it in its colours and signs the patient in", async ({
  page,
  request,
}) => {
  const id = await sunriseId(request);
  await page.goto(`/${id}/login`);
  await expect(page.getByTestId('login-custodian-name')).toHaveText(SUNRISE);
  await expect(page.getByTestId('login-custodian-name')).toHaveCSS('color', 'rgb(196, 82, 0)');
  await new LoginPage(page).signIn('patient@example.com');
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
});

test('a signed-in patient changes the facility on the consent step', async ({ page, request }) => {
  const wizard = new WizardPage(page);
  await new LoginPage(page).open();
  await new LoginPage(page).signIn('patient@example.com');
  await expect(page).toHaveURL(/all-requests$/);
  await page.goto(`/facility/${await sunriseId(request)}`);
  await page.getByTestId('facility-request').click();
  await expect(wizard.byTestId('consent-facility')).toHaveText(SUNRISE);

  await wizard.byTestId('consent-change-facility').click();
  // Recent facilities first; more than 3 characters search them all.
  await expect(page.getByTestId('change-facility-option').first()).toBeVisible();
  await page.getByTestId('change-facility-search').fill('Northgate');
  await page.getByTestId('change-facility-option').filter({ hasText: 'Northgate Hospital' }).click();
  await expect(page.getByTestId('change-facility')).toBeHidden();
  await expect(wizard.byTestId('consent-facility')).toHaveText('Northgate Hospital');
  await wizard.next();
  await wizard.expectStep('who-is-filling-request', 'Step 2 of 8');
});
