import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login.page';
import { signInAsNewAccount } from './pages/mail';
import { WizardPage } from './pages/wizard.page';

test('a signed-in patient requests records for a family member', async ({ page }) => {
  const wizard = new WizardPage(page);
  await new LoginPage(page).open();
  await new LoginPage(page).signIn('patient@example.com');
  await expect(page).toHaveURL(/all-requests$/);

  await wizard.chooseFacilityFromHome('Lakeside', 'Lakeside Radiology');
  // Signed in: no consent box, no account step; the counter is the spec's 12 once someone else is chosen.
  await wizard.expectStep('consent', 'Step 1 of 8');
  await expect(wizard.byTestId('consent-checkbox')).toHaveCount(0);
  await wizard.next();

  await wizard.expectStep('who-is-filling-request', 'Step 2 of 8');
  await wizard.byTestId('filler-someone-else').check();
  await wizard.next();

  await wizard.expectStep('patient-information', 'Step 3 of 12');
  // The family member of the demo patient fills the names; the rest is typed.
  await wizard.chooseOption('patient-family-member', 'Sam Jordan');
  await expect(wizard.byTestId('patient-first-name')).toHaveValue('Sam');
  await wizard.patientInformation({
    firstName: 'Sam',
    lastName: 'Jordan',
    month: 'June',
    day: '14',
    year: '2012',
    phone: '3125550188',
  });

  await wizard.expectStep('patient-mrn', 'Step 4 of 12');
  // The facility or one of its locations (aliases): the MRI suite releases images only, of head and spine.
  await expect(wizard.byTestId('mrn-alias')).toHaveText('Lakeside Radiology');
  await wizard.chooseOption('mrn-alias', 'Lakeside MRI Suite');
  await expect(wizard.byTestId('mrn-doc-type-IMAGES')).toHaveCount(0);
  await wizard.byTestId('mrn-body-part-head').check();
  await wizard.records('IMAGES_ONLY');

  await wizard.expectStep('patient-relationship-type', 'Step 5 of 12');
  await wizard.byTestId('relationship-family-member').check();
  await wizard.next();

  await wizard.expectStep('relation-to-patient', 'Step 6 of 12');
  await wizard.chooseOption('relation-select', 'Parent');
  await wizard.next();

  await wizard.expectStep('delegate-information', 'Step 7 of 12');
  // The signed-in user is the delegate: their details are there already.
  await expect(wizard.byTestId('delegate-email')).toHaveValue('patient@example.com');
  await wizard.delegate({
    firstName: 'Pat',
    lastName: 'Jordan',
    email: 'patient@example.com',
    phone: '3125550100',
  });

  await wizard.expectStep('upload-photo-id', 'Step 8 of 12');
  await wizard.uploadPhotoId();

  await wizard.expectStep('verify-details', 'Step 9 of 12');
  await expect(wizard.byTestId('verify-relation')).toContainText('Parent');
  await expect(wizard.byTestId('verify-records')).toContainText('Head');
  await wizard.next();

  await wizard.expectStep('user-consent-page', 'Step 10 of 12');
  await wizard.signAndSubmit({ delegate: true });
});

test('a legally appointed representative uploads a legal document and submits', async ({ page, request }) => {
  const wizard = new WizardPage(page);
  await signInAsNewAccount(page, request, 'representative');

  // Northgate asks the MRN (isMRNCompulsory). Not St. Mary: the provider journeys count its requests.
  await wizard.chooseFacilityFromHome('Northgate', 'Northgate Hospital');
  await wizard.expectStep('consent', 'Step 1 of 8');
  await wizard.next();
  await wizard.byTestId('filler-someone-else').check();
  await wizard.next();
  await wizard.expectStep('patient-information', 'Step 3 of 12');
  await wizard.patientInformation({
    firstName: 'Alma',
    lastName: 'Ward',
    month: 'January',
    day: '2',
    year: '1940',
    phone: '6175550177',
  });

  await wizard.expectStep('patient-mrn', 'Step 4 of 12');
  await wizard.byTestId('mrn-doc-type-REPORTS').check();
  await wizard.next();
  await expect(wizard.step('patient-mrn')).toContainText('MRN is required');
  await wizard.records('REPORTS', { mrn: 'NG-100200' });

  await wizard.expectStep('patient-relationship-type', 'Step 5 of 12');
  await wizard.byTestId('relationship-legally-appointed').check();
  await wizard.next();

  await wizard.expectStep('legal-relation-to-patient', 'Step 6 of 12');
  await wizard.byTestId('legal-relation').fill('Guardian');
  await wizard.next();

  await wizard.expectStep('delegate-information', 'Step 7 of 12');
  await wizard.delegate({
    firstName: 'Rita',
    lastName: 'Rep',
    email: 'rita.rep@example.com',
    phone: '6175550166',
  });

  await wizard.expectStep('upload-photo-id', 'Step 8 of 12');
  await wizard.uploadPhotoId();

  await wizard.expectStep('upload-legal-docs', 'Step 9 of 12');
  await wizard.next();
  await expect(wizard.step('upload-legal-docs')).toContainText('at least one');
  await wizard.uploadLegalDoc();

  await wizard.expectStep('verify-details', 'Step 10 of 12');
  await expect(wizard.byTestId('verify-legal-relation')).toContainText('Guardian');
  await wizard.next();

  await wizard.expectStep('user-consent-page', 'Step 11 of 12');
  await wizard.signAndSubmit({ delegate: true });
});

test('a reload in the middle of the wizard keeps the answers', async ({ page, request }) => {
  const wizard = new WizardPage(page);
  await signInAsNewAccount(page, request, 'reloader');
  await wizard.chooseFacilityFromHome('Sunrise', 'Sunrise Medical Imaging');
  await wizard.next();
  await wizard.byTestId('filler-someone-else').check();
  await wizard.next();
  await wizard.patientInformation({
    firstName: 'Remy',
    lastName: 'Reload',
    month: 'March',
    day: '9',
    year: '1977',
    phone: '6025550111',
  });
  await wizard.expectStep('patient-mrn', 'Step 4 of 12');
  await wizard.byTestId('mrn-doc-type-IMAGES').check();

  await page.reload();
  // The step, its counter and what was answered before it come back from session storage.
  await wizard.expectStep('patient-mrn', 'Step 4 of 12');
  await wizard.back();
  await wizard.expectStep('patient-information', 'Step 3 of 12');
  await expect(wizard.byTestId('patient-first-name')).toHaveValue('Remy');
  await expect(wizard.byTestId('patient-dob-year')).toHaveValue('1977');
  await wizard.back();
  await wizard.expectStep('who-is-filling-request', 'Step 2 of 12');
  await expect(wizard.byTestId('filler-someone-else')).toBeChecked();
});
