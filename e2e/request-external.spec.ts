import { expect, test, type APIRequestContext } from '@playwright/test';
import { WizardPage } from './pages/wizard.page';

/** Sunrise Medical Imaging: the demo facility with the orange theme (#c45200). */
const ORANGE = 'rgb(196, 82, 0)';

const facilityId = async (request: APIRequestContext, name: string) => {
  const res = await request.get(`/api/facility/getCustodians?filterStr=${encodeURIComponent(name)}`);
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as Array<{ id: string; name: string }>).find((c) => c.name === name);
  expect(found).toBeDefined();
  return found!.id;
};

test("the external request in the facility's orange theme: consent to success", async ({ page, request }) => {
  const id = await facilityId(request, 'Sunrise Medical Imaging');
  const email = `external.${Date.now()}@example.com`;
  const wizard = new WizardPage(page);

  await page.goto(`/external-request/${id}/consent`);
  await wizard.expectStep('consent', 'Step 1 of 8');
  await expect(wizard.byTestId('consent-facility')).toHaveText('Sunrise Medical Imaging');
  // The facility's theme colours the wizard's primary button.
  await expect(wizard.byTestId('wizard-next')).toHaveCSS('background-color', ORANGE);
  await wizard.consent();

  await wizard.expectStep('external-user-email', 'Step 2 of 8');
  await expect(page).toHaveURL(new RegExp(`/external-request/${id}/external-user-email$`));
  await wizard.createAccount(email, 'External-Pass-1');

  await wizard.expectStep('patient-information', 'Step 3 of 8');
  await expect(wizard.byTestId('wizard-next')).toHaveCSS('background-color', ORANGE);
  await wizard.externalSelfRequest({
    firstName: 'Esme',
    lastName: 'External',
    month: 'May',
    day: '20',
    year: '1988',
    phone: '6025550199',
  });
  await expect(page).toHaveURL(new RegExp(`/external-request/${id}/request-record-success-page$`));
});

test('the external request by a family member, with an edit from the verify page', async ({
  page,
  request,
}) => {
  const id = await facilityId(request, 'Sunrise Medical Imaging');
  const wizard = new WizardPage(page);
  await page.goto(`/external-request/${id}/consent`);
  await wizard.consent();
  await wizard.createAccount(`external.family.${Date.now()}@example.com`, 'External-Pass-1');
  await wizard.expectStep('patient-information', 'Step 3 of 8');
  await wizard.patientInformation({
    firstName: 'Fay',
    lastName: 'Family',
    month: 'August',
    day: '30',
    year: '1950',
    phone: '6025550122',
  });
  await wizard.records('REPORTS');

  // The external relationship page asks the family relation itself; a delegate page follows (9 pages).
  await wizard.expectStep('patient-relationship-type', 'Step 5 of 8');
  await wizard.byTestId('relationship-family-member').check();
  await wizard.chooseOption('relation-select', 'Child');
  await wizard.next();
  await wizard.expectStep('delegate-information', 'Step 6 of 9');
  await wizard.delegate({
    firstName: 'Finn',
    lastName: 'Family',
    email: 'finn.family@example.com',
    phone: '6025550123',
  });
  await wizard.expectStep('upload-photo-id', 'Step 7 of 9');
  await wizard.uploadPhotoId();

  // Edit opens the page and returns to verify.
  await wizard.expectStep('verify-details', 'Step 8 of 9');
  await wizard.byTestId('verify-edit-patient').click();
  await wizard.expectStep('patient-information');
  await wizard.byTestId('patient-first-name').fill('Faye');
  await wizard.next();
  await wizard.expectStep('verify-details', 'Step 8 of 9');
  await expect(wizard.byTestId('verify-patient')).toContainText('Faye Family');
  await wizard.next();
  await wizard.expectStep('user-consent-page', 'Step 9 of 9');
  await wizard.signAndSubmit({ delegate: true });
});
