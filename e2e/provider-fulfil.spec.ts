import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { LoginPage, ShellHeader } from './pages/login.page';
import { demoRequestId, ProviderPage } from './pages/provider.page';

const { makeDicomSeries } = require('../bench/dicom-series.cjs') as { makeDicomSeries: (count: number) => { files: Array<{ name: string; bytes: Buffer }> } };
const REPORT = fs.readFileSync(path.join(__dirname, 'fixtures', 'power-of-attorney.pdf'));

/** A CD-like folder of `count` DICOM files of one new study, on disk for the folder picker. */
const dicomFolder = (count: number): string => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dicom-folder-'));
  const dir = path.join(root, 'KNEE_MRI');
  fs.mkdirSync(dir);
  for (const f of makeDicomSeries(count).files) fs.writeFileSync(path.join(dir, f.name), f.bytes);
  return dir;
};

test('the provider uploads a DICOM folder and a PDF report, watches the progress, submits, and the patient finds the study and the report', async ({ page }) => {
  const provider = new ProviderPage(page);
  await provider.signIn();
  await expect(provider.byTestId('provider-welcome')).toContainText('Welcome, Riley!');
  await provider.openRequest(demoRequestId('inbox-new'));
  await expect(provider.timeline().filter({ hasText: 'Seen by the facility' })).toHaveCount(1);
  await expect(provider.byTestId('provider-record-not-available')).toBeVisible();
  await expect(provider.byTestId('provider-submit-records')).toBeDisabled();

  // 25 files: more than one batch of 20, so the progress circle shows instead of the drop zone. The
  // first file's upload is held until the circle has been seen, so the check never races the upload.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/blob/upload', async (route) => {
    await held;
    await route.continue();
  });
  await provider.tab('IMAGES').click();
  await provider.byTestId('provider-folder-input').setInputFiles(dicomFolder(25));
  await expect(provider.byTestId('provider-upload-progress-text')).toHaveText('0 out of 25 files uploaded');
  await expect(provider.byTestId('provider-dropzone')).toHaveCount(0);
  release();
  await expect(provider.documents()).toHaveCount(25);
  await expect(provider.byTestId('provider-dropzone')).toBeVisible();
  await page.unroute('**/api/blob/upload');
  // Imaging files cannot be opened in the browser.
  await expect(provider.documents().first().getByTestId('provider-document-open')).toHaveCount(0);

  await provider.tab('REPORTS').click();
  await provider.dropFiles([{ name: 'knee-mri-report.pdf', mimeType: 'application/pdf', buffer: REPORT }]);
  await expect(provider.documents()).toHaveCount(1);
  await expect(provider.documents().first()).toContainText('knee-mri-report.pdf');
  await expect(provider.documents().first().getByTestId('provider-document-open')).toBeVisible();
  await expect(provider.timeline().filter({ hasText: 'Files uploaded by the facility' })).toHaveCount(1);

  await provider.byTestId('provider-submit-records').click();
  await expect(page.getByText('Patient request has been marked as uploaded successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/provider\/external-requests$/);

  await new ShellHeader(page).logout();
  await expect(page).toHaveURL(/\/login$/);
  await new LoginPage(page).signIn('patient2@example.com');
  await expect(page).toHaveURL(/all-requests$/);
  // The delivered study, indexed from the uploaded DICOM files, and the report, in the patient's library.
  await expect(page.getByTestId('document-card').filter({ hasText: 'knee-mri-report.pdf' })).toBeVisible();
  // (patient2's other records, from the demo delivery, are an 'MR MRI' study and its report.)
  await expect(page.getByTestId('study-card').filter({ hasText: 'MR BRAIN' })).toHaveCount(1);
  await expect(page.getByTestId('all-studies-header')).toHaveText('All Studies (4)');
});

test('the provider rejects a request for OTHER with a note, cancels the rejection, and the patient sees both on the request status', async ({ page }) => {
  const provider = new ProviderPage(page);
  await provider.signIn();
  await page.goto('/provider/external-requests');
  const overdue = page.locator(`[data-request-id="${demoRequestId('inbox-overdue')}"]`);
  await expect(overdue.getByTestId('data-request-due')).toHaveAttribute('data-tone', 'overdue');
  await expect(overdue.getByTestId('data-request-due')).toContainText('Overdue by');
  // Due first: the overdue request leads the inbox.
  await page.getByTestId('data-requests-sort-due').click();
  await expect(page.getByTestId('data-request-row').first()).toHaveAttribute('data-request-id', demoRequestId('inbox-overdue'));
  await provider.openRequest(demoRequestId('inbox-overdue'));

  await provider.byTestId('provider-record-not-available').click();
  const panel = provider.byTestId('reject-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('reject-submit')).toBeDisabled();
  await expect(panel.getByTestId('reject-notes')).toBeDisabled();
  await panel.getByTestId('reject-reason-OTHER').click();
  await expect(panel.getByTestId('reject-notes')).toBeEnabled();
  await expect(panel.getByTestId('reject-submit')).toBeDisabled();
  await panel.getByTestId('reject-notes').fill('The patient has no visit at this facility in 2025');
  await panel.getByTestId('reject-submit').click();
  await expect(page.getByText('Request rejected successfully')).toBeVisible();
  await expect(provider.byTestId('provider-cancel-rejection')).toBeVisible();
  await expect(provider.byTestId('provider-submit-records')).toHaveCount(0);
  // Upload is off while the record type is rejected.
  await expect(provider.byTestId('provider-choose-files')).toBeDisabled();

  await provider.byTestId('provider-cancel-rejection').click();
  await expect(page.getByText('Request Rejection Cancelled')).toBeVisible();
  await expect(provider.byTestId('provider-record-not-available')).toBeVisible();

  await new ShellHeader(page).logout();
  await new LoginPage(page).signIn('patient2@example.com');
  await expect(page).toHaveURL(/all-requests$/);
  await page.goto(`/patient/my-records/review-request-details/${demoRequestId('inbox-overdue')}`);
  await expect(page.getByTestId('request-status')).toContainText('New');
  const timeline = page.getByTestId('timeline-entry');
  await expect(timeline.filter({ hasText: 'Rejected by the facility' })).toHaveCount(1);
  await expect(timeline.filter({ hasText: 'Rejection cancelled' })).toHaveCount(1);
});

test("a second facility's provider sees only its own facility's requests", async ({ page }) => {
  const provider = new ProviderPage(page);
  await provider.signIn('provider2@example.com');
  await page.goto('/provider/external-requests');
  await expect(page.locator(`[data-request-id="${demoRequestId('inbox-lakeside')}"]`)).toBeVisible();
  await expect(page.getByTestId('data-request-row').filter({ hasText: 'St. Mary' })).toHaveCount(0);
  // Another facility's request by its address: not found, nothing of it shown.
  await page.goto(`/provider/patient-request-detail/${demoRequestId('inbox-new')}`);
  await expect(provider.byTestId('request-detail-error')).toBeVisible();
  await expect(provider.byTestId('request-detail-title')).toHaveText('Request detail');
  await expect(page.getByTestId('provider-request-detail')).not.toContainText('Garcia');
});
