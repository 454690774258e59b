import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BILLING_MESSAGES } from '@portal/contracts';
import { LoginPage } from './pages/login.page';
import { CARDS, PaymentProcessor, payWithCard } from './pages/payments';
import { RecordsPage } from './pages/records.page';
import { SharingPage } from './pages/sharing.page';
import { ViewerPage } from './pages/viewer.page';
import { WizardPage } from './pages/wizard.page';

// Subscription and payments (issue 30) against the main portal's local processor, which speaks Stripe's
// API and posts its signed webhooks to the portal; its hosted checkout page takes the test cards.

const noAxeViolations = async (page: Page, where: string) => {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(result.violations.map((v) => `${where}: ${v.id}`)).toEqual([]);
};

const openSubscription = async (page: Page, email: string) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email);
  await expect(page).toHaveURL(/\/patient\//);
  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-status')).toBeVisible();
};

const subscribeToBasic = async (page: Page, card: string) => {
  await page.getByTestId('plan-basic-subscribe').click();
  await payWithCard(page, card);
};

test('a patient subscribes: Active with its dates and a receipt; cancels at the period end in two clicks and resumes', async ({
  page,
}) => {
  await openSubscription(page, 'patient4@example.com');
  await expect(page.getByTestId('subscription-status')).toHaveText('Not active');
  await noAxeViolations(page, 'subscription, no plan');
  await subscribeToBasic(page, CARDS.success);
  await expect(page).toHaveURL(/\/subscription\/payment-result\?transaction=/);
  await expect(page.getByTestId('payment-outcome')).toHaveText(BILLING_MESSAGES.paymentSucceeded);
  await page.getByTestId('payment-next').click();

  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('subscription-plan')).toContainText('Basic (50 GB), $4.99 a month');
  await expect(page.getByTestId('subscription-last-billing')).not.toContainText('None');
  await expect(page.getByTestId('subscription-next-billing')).not.toContainText('None');
  await expect(page.getByTestId('subscription-payment-method')).toContainText('VISA ending 4242');
  await expect(page.getByTestId('receipt-pdf')).toHaveCount(1);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/^receipt-.*\.pdf$/);
  await noAxeViolations(page, 'subscription, active');

  // Change plan: the proration shows before anything changes.
  await page.getByTestId('subscription-change-plan').click();
  await expect(page.getByTestId('change-plan-due')).toContainText('Charged now: $');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByTestId('subscription-plan')).toContainText('Basic');

  // Cancel at the period's end: two clicks; then resume.
  await page.getByTestId('subscription-cancel').click();
  await page.getByTestId('subscription-cancel-dialog').getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByTestId('subscription-ending')).toContainText('Your plan ends on');
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await page.getByTestId('subscription-resume').click();
  await expect(page.getByTestId('subscription-ending')).toHaveCount(0);
  await expect(page.getByTestId('subscription-next-billing')).not.toContainText('None');
});

test('a declined card is not successful; a payment that stays processing is under processing, then Active after the webhook', async ({
  page,
}) => {
  const processor = new PaymentProcessor();
  await openSubscription(page, 'patient6@example.com');
  await subscribeToBasic(page, CARDS.declined);
  await expect(page.getByTestId('checkout-error')).toHaveText('Your card was declined.');
  await page.getByTestId('checkout-cancel').click();
  await expect(page.getByTestId('payment-outcome')).toHaveText(
    'Your payment was not successful, please try again',
  );
  await noAxeViolations(page, 'payment result, failed');

  await page.goto('/subscription');
  await subscribeToBasic(page, CARDS.processing);
  await expect(page.getByTestId('payment-outcome')).toHaveText(BILLING_MESSAGES.paymentProcessing);
  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-processing')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Not active');
  await processor.settleLatest('succeeded');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active', { timeout: 1000 });
  }).toPass();
});

test('the clock passes a failed renewal: past due with a fix-card link, then not active; uploads pause while viewing, Download All and sharing work', async ({
  page,
}) => {
  const processor = new PaymentProcessor();
  await openSubscription(page, 'patient5@example.com');
  await subscribeToBasic(page, CARDS.success);
  await page.getByTestId('payment-next').click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  // A card whose charges fail from now on, saved on the processor's card page.
  await page.getByTestId('subscription-update-card').click();
  await payWithCard(page, CARDS.failsLater);
  await expect(page.getByTestId('subscription-payment-method')).toContainText('ending 0341');

  await processor.advanceClock('patient5@example.com', 32);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('subscription-past-due')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId('subscription-past-due')).toContainText(BILLING_MESSAGES.pastDue);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('subscription-fix-card')).toBeVisible();
  await noAxeViolations(page, 'subscription, past due');
  // The library says it too, with the way to the card.
  await page.goto('/patient/my-records/all-requests');
  await expect(page.getByTestId('records-past-due')).toContainText(BILLING_MESSAGES.pastDue);
  await page.getByTestId('records-fix-card').click();
  await expect(page.getByTestId('subscription-past-due')).toBeVisible();

  // Every retry fails: the plan ends and new uploads pause.
  await processor.advanceClock('patient5@example.com', 8);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('subscription-status')).toHaveText('Not active', { timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId('subscription-storage-paused')).toHaveText(BILLING_MESSAGES.storagePaused);
  await expect(page.getByTestId('plan-basic-subscribe')).toBeVisible();
});

test('a lapsed plan pauses uploads with a clear message while the viewer, Download All and sharing still work', async ({
  page,
}) => {
  const records = new RecordsPage(page);
  await records.signIn('patient2@example.com');
  await records.settled();
  await expect(records.byTestId('records-storage-paused')).toHaveText(
    BILLING_MESSAGES.storagePaused + 'Subscription',
  );
  await noAxeViolations(page, 'my records, storage paused');
  // Uploading says why it cannot, and keeps nothing.
  await records.byTestId('records-upload').click();
  await records.byTestId('upload-file').setInputFiles({
    name: 'note.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await records.byTestId('upload-patient').click();
  await page.getByRole('option', { name: 'Myself' }).click();
  await records.byTestId('upload-record-name').fill('A note');
  await records.byTestId('upload-exam-month').click();
  await page.getByRole('option', { name: 'March' }).click();
  await records.byTestId('upload-exam-year').fill('2024');
  await records.byTestId('upload-submit').click();
  await expect(page.getByText(BILLING_MESSAGES.storagePaused).first()).toBeVisible();
  // The form keeps what was typed; Cancel is enabled again once the upload has given up.
  await expect(records.byTestId('upload-record-name')).toHaveValue('A note');
  await records.byTestId('upload-cancel').click();
  await expect(records.byTestId('upload-dialog')).toHaveCount(0);

  // What is stored: the viewer draws, Download All gives the zip, sharing invites.
  await records.showAllCards();
  const study = records.card('MR MRI');
  await study.getByTestId('record-share').click();
  const sharing = new SharingPage(page);
  await sharing.openTab('download');
  const [zip] = await Promise.all([page.waitForEvent('download'), sharing.byTestId('download-zip').click()]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  await sharing.openTab('email');
  await sharing.byTestId('share-invite-open').click();
  await sharing.invite({
    firstName: 'Dana',
    lastName: 'Lee',
    email: `dana.${Date.now()}@example.com`,
    relationship: 'Sibling',
  });
  await expect(sharing.byTestId('invite-success')).toHaveText('Invitation sent to Dana Lee');
  await page.keyboard.press('Escape');
  await page.goto('/patient/my-records/all-requests');
  await records.settled();
  await records.showAllCards();
  await records.card('MR MRI').click();
  await records.byTestId('tab-imaging').click();
  await new ViewerPage(page).ready();
});

test('a request to a facility with a fee waits in Pending payment, then Pending payment clearance, then goes to the facility', async ({
  page,
}) => {
  const processor = new PaymentProcessor();
  const wizard = new WizardPage(page);
  await page.goto('/home');
  await page.getByTestId('facility-search').fill('Pinec');
  await page.getByTestId('facility-option').filter({ hasText: 'Pinecrest Imaging Center' }).click();
  await wizard.consent();
  await wizard.createAccount(`fee.${Date.now()}@example.com`, 'Visitor-Pass-1');
  await wizard.byTestId('filler-self').check();
  await wizard.next();
  await wizard.patientInformation({
    firstName: 'Fay',
    lastName: 'Fee',
    month: 'May',
    day: '6',
    year: '1990',
    phone: '6175550124',
  });
  await wizard.records('REPORTS');
  await wizard.uploadPhotoId();
  await expect(wizard.byTestId('request-fee-notice')).toHaveText(
    'Pinecrest Imaging Center charges $15.00 for a records request. You pay it after submitting; the facility starts once it is paid.',
  );
  await wizard.next();
  await wizard.signAndSubmit();
  await wizard.byTestId('wizard-next').click();

  await page.goto('/patient/my-records/open-requests');
  const card = page.getByTestId('open-request-card').filter({ hasText: 'Pinecrest Imaging Center' });
  await expect(card).toContainText('Pending payment');
  await card.getByTestId('pay-request-fee').click();
  await expect(page.getByTestId('request-fee-amount')).toHaveText(
    'Pinecrest Imaging Center charges $15.00 for your records request.',
  );
  await noAxeViolations(page, 'request fee');
  await page.getByTestId('request-fee-pay').click();
  await payWithCard(page, CARDS.declined);
  await page.getByTestId('checkout-cancel').click();
  await expect(page.getByTestId('payment-outcome')).toHaveText(
    'Your payment was not successful, please try again',
  );
  await page.getByTestId('payment-retry').click();
  await expect(page.getByTestId('request-fee-message')).toHaveText(
    'Your payment was not successful, please try again',
  );
  await page.getByTestId('request-fee-pay').click();
  await payWithCard(page, CARDS.processing);
  await expect(page.getByTestId('payment-outcome')).toHaveText(BILLING_MESSAGES.paymentProcessing);

  await page.goto('/patient/my-records/open-requests');
  await expect(card).toContainText('Pending payment clearance');
  await expect(card.getByTestId('pay-request-fee')).toHaveCount(0);
  await processor.settleLatest('succeeded');
  // The webhook moves the request on a moment later: each reload waits for the list, then looks.
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible();
    await expect(card).toContainText('New', { timeout: 1000 });
  }).toPass();
});
