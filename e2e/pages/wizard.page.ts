import { expect, type Locator, type Page } from '@playwright/test';
import path from 'node:path';

/** Small real files the wizard uploads (a 40x30 PNG photo ID, a one-page PDF). */
export const FIXTURES = {
  photoId: path.join(__dirname, '..', 'fixtures', 'photo-id.png'),
  legalDoc: path.join(__dirname, '..', 'fixtures', 'power-of-attorney.pdf'),
};

export interface PatientDetails {
  firstName: string;
  lastName: string;
  /** Month name as the month list shows it. */
  month: string;
  day: string;
  year: string;
  phone: string;
}

/**
 * The request-records wizard (internal /request-records/<step>, external /external-request/<id>/<step>
 * and the embed's shadow root): `root` is the page, or the embed's host element.
 */
export class WizardPage {
  constructor(
    readonly page: Page,
    private readonly root: Page | Locator = page,
  ) {}

  step(name: string) {
    return this.root.getByTestId(`step-${name}`);
  }

  byTestId(testId: string) {
    return this.root.getByTestId(testId);
  }

  counter() {
    return this.root.getByTestId('wizard-counter');
  }

  async expectStep(name: string, counter?: string) {
    await expect(this.step(name)).toBeVisible();
    if (counter) await expect(this.counter()).toHaveText(counter);
    // E2E_SHOTS=<dir> keeps a picture of every step, to look at the layout by eye.
    if (process.env.E2E_SHOTS)
      await this.page.screenshot({
        path: path.join(process.env.E2E_SHOTS, `${Date.now()}-${name}.png`),
        fullPage: true,
      });
  }

  next() {
    return this.root.getByTestId('wizard-next').click();
  }

  back() {
    return this.root.getByTestId('wizard-back').click();
  }

  async chooseOption(testId: string, option: string | RegExp) {
    await this.root.getByTestId(testId).click();
    // MUI menus render in a portal: of the page, or of the embed's shadow root.
    await this.page.getByRole('option', { name: option }).first().click();
  }

  /** The landing page's facility search: more than 3 characters, then the suggestion. */
  async chooseFacilityFromHome(search: string, name: string) {
    await this.page.goto('/home');
    await this.page.getByTestId('facility-search').fill(search);
    await this.page.getByTestId('facility-option').filter({ hasText: name }).click();
  }

  async consent() {
    await this.byTestId('consent-checkbox').check();
    await this.next();
  }

  /** The account step for an address without an account: sign-up mode with a password. */
  async createAccount(email: string, password: string) {
    await this.byTestId('account-email').fill(email);
    // The email step's button is Next, as on every other step (spec §2).
    await expect(this.byTestId('wizard-next')).toHaveText('Next');
    await this.next();
    await expect(this.byTestId('account-not-found')).toBeVisible();
    await this.byTestId('account-password').fill(password);
    await this.next();
  }

  async patientInformation(p: PatientDetails) {
    await this.byTestId('patient-first-name').fill(p.firstName);
    await this.byTestId('patient-last-name').fill(p.lastName);
    await this.chooseOption('patient-dob-month', p.month);
    await this.byTestId('patient-dob-day').fill(p.day);
    await this.byTestId('patient-dob-year').fill(p.year);
    await this.byTestId('patient-phone').fill(p.phone);
    await this.next();
  }

  async records(docType: string, opts: { mrn?: string } = {}) {
    if (opts.mrn) await this.byTestId('mrn-number').fill(opts.mrn);
    await this.byTestId(`mrn-doc-type-${docType}`).check();
    await this.next();
  }

  async delegate(d: { firstName: string; lastName: string; email: string; phone: string }) {
    await this.byTestId('delegate-first-name').fill(d.firstName);
    await this.byTestId('delegate-last-name').fill(d.lastName);
    await this.byTestId('delegate-email').fill(d.email);
    await this.byTestId('delegate-phone').fill(d.phone);
    await this.next();
  }

  async uploadPhotoId() {
    await this.byTestId('photo-id-input').setInputFiles(FIXTURES.photoId);
    await expect(this.byTestId('photo-id-uploaded')).toBeVisible();
    await this.next();
  }

  async uploadLegalDoc() {
    await this.byTestId('legal-docs-input').setInputFiles(FIXTURES.legalDoc);
    await expect(this.byTestId('legal-docs-list')).toContainText(path.basename(FIXTURES.legalDoc));
    await this.next();
  }

  /** Draws a stroke on the signature canvas with the mouse. */
  async sign() {
    const pad = this.byTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await this.page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 8 });
    await this.page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 8 });
    await this.page.mouse.up();
  }

  /** The authorization page: signature, the electronic-signature box (and the authority box of delegates), Submit. */
  async signAndSubmit(opts: { delegate?: boolean } = {}) {
    await this.sign();
    await this.byTestId('consent-electronic-signature').check();
    if (opts.delegate) await this.byTestId('consent-legally-authorised').check();
    await this.next();
    await expect(this.step('request-record-success-page')).toBeVisible();
    await expect(this.byTestId('success-message')).toBeVisible();
  }

  /** The external wizard's self request, from the patient information page (step 3 of 8) to success. */
  async externalSelfRequest(p: PatientDetails) {
    await this.expectStep('patient-information', 'Step 3 of 8');
    await this.patientInformation(p);
    await this.expectStep('patient-mrn', 'Step 4 of 8');
    await this.records('IMAGES');
    await this.expectStep('patient-relationship-type', 'Step 5 of 8');
    await this.byTestId('relationship-self').check();
    await this.next();
    await this.expectStep('upload-photo-id', 'Step 6 of 8');
    await this.uploadPhotoId();
    await this.expectStep('verify-details', 'Step 7 of 8');
    await this.next();
    await this.expectStep('user-consent-page', 'Step 8 of 8');
    await this.signAndSubmit();
    // The success page keeps the count the request was submitted with.
    await this.expectStep('request-record-success-page', 'Step 8 of 8');
  }
}
