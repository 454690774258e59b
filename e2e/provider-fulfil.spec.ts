import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
import { LoginPage, ShellHeader } from './pages/login.page';
import { demoRequestId, ProviderPage } from './pages/provider.page';
import { ViewerPage } from './pages/viewer.page';

const { makeDicomSeries } = require('../bench/dicom-series.cjs') as {
  makeDicomSeries: (count: number) => { files: Array<{ name: string; bytes: Buffer }> };
};
const REPORT = fs.readFileSync(path.join(__dirname, 'fixtures', 'power-of-attorney.pdf'));

/** A CD-like folder of `count` DICOM files of one new study, on disk for the folder picker. */
const dicomFolder = (count: number): string => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dicom-folder-'));
  const dir = path.join(root, 'KNEE_MRI');
  fs.mkdirSync(dir);
  for (const f of makeDicomSeries(count).files) fs.writeFileSync(path.join(dir, f.name), f.bytes);
  return dir;
};

test('the provider uploads a DICOM folder and a PDF report, watches the progress, submits, and the patient finds the study and the report', async ({
  page,
}) => {
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
  // The inbox is current at once: the row no longer says New (no Reload).
  await expect(provider.inboxRow(demoRequestId('inbox-new')).getByTestId('status-tag')).toHaveText(
    'Uploaded by external provider',
  );

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

test('the provider rejects a request for OTHER with a note, cancels the rejection, and the patient sees both on the request status', async ({
  page,
}) => {
  const provider = new ProviderPage(page);
  await provider.signIn();
  await page.goto('/provider/external-requests');
  const overdue = page.locator(`[data-request-id="${demoRequestId('inbox-overdue')}"]`);
  await expect(overdue.getByTestId('data-request-due')).toHaveAttribute('data-tone', 'overdue');
  await expect(overdue.getByTestId('data-request-due')).toContainText('Overdue by');
  // Due first: the overdue request leads the inbox.
  await page.getByTestId('data-requests-sort-due').click();
  await expect(page.getByTestId('data-request-row').first()).toHaveAttribute(
    'data-request-id',
    demoRequestId('inbox-overdue'),
  );
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

test('the provider deletes a file only once confirmed and is told each time; a file of the wrong type is refused with the reason', async ({
  page,
}) => {
  const provider = new ProviderPage(page);
  await provider.signIn();
  await provider.openRequest(demoRequestId('inbox-in-progress'));
  await provider.tab('REPORTS').click();
  await provider.dropFiles([
    { name: 'second-report.pdf', mimeType: 'application/pdf', buffer: REPORT },
    { name: 'third-report.pdf', mimeType: 'application/pdf', buffer: REPORT },
  ]);
  await expect(provider.documents()).toHaveCount(3);

  // Delete asks first; Cancel keeps the file.
  const row = provider.documents().filter({ hasText: 'second-report.pdf' });
  await row.getByTestId('provider-document-delete').click();
  const confirm = provider.byTestId('provider-delete-confirm');
  await expect(confirm).toContainText('second-report.pdf');
  await confirm.getByTestId('provider-delete-confirm-cancel').click();
  await expect(confirm).toBeHidden();
  await expect(provider.documents()).toHaveCount(3);
  // Confirmed: removed, and the spec's words say so.
  await row.getByTestId('provider-document-delete').click();
  await confirm.getByTestId('provider-delete-confirm-confirm').click();
  await expect(page.getByText('Document Deleted Successfully')).toBeVisible();
  await expect(provider.documents()).toHaveCount(2);
  await expect(provider.documents().filter({ hasText: 'second-report.pdf' })).toHaveCount(0);
  // A second delete, once the first toast has gone, is told too.
  await expect(page.getByText('Document Deleted Successfully')).toBeHidden({ timeout: 15_000 });
  await provider
    .documents()
    .filter({ hasText: 'third-report.pdf' })
    .getByTestId('provider-document-delete')
    .click();
  await confirm.getByTestId('provider-delete-confirm-confirm').click();
  await expect(page.getByText('Document Deleted Successfully')).toBeVisible();
  await expect(provider.documents()).toHaveCount(1);

  // A text file named .pdf: the server refuses it by content, and the toast says why.
  await provider.dropFiles([
    {
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('These are plain notes, not a PDF.'),
    },
  ]);
  await expect(page.getByText('Failed to upload notes.pdf: Invalid file type')).toBeVisible();
  await expect(provider.documents()).toHaveCount(1);
});

test("the provider opens a delivered study: the report in its frame and the images in the viewer; another facility's staff see none of it", async ({
  page,
}) => {
  const provider = new ProviderPage(page);
  const completed = demoRequestId('inbox-completed');
  await provider.signIn();
  await provider.openRecord(completed, 'study');
  await expect(provider.byTestId('tab-report')).toBeVisible();
  await expect(page.getByRole('heading', { name: "Radiologist's Report" })).toBeVisible();
  const frame = provider.byTestId('report-frame');
  await expect(frame).toHaveAttribute('src', /\/api\/provider\/download\/[A-Za-z0-9_.-]+$/);
  // The frame's address opens the report itself, without a bearer token.
  const reportUrl = (await frame.getAttribute('src'))!;
  const pdf = await page.request.get(reportUrl);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await provider.byTestId('tab-imaging').click();
  const viewer = new ViewerPage(page);
  await viewer.ready();
  expect((await viewer.canvasStats()).variance).toBeGreaterThan(0);
  const studyUrl = page.url();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await provider.expectFitsWidth();
    await page.screenshot({ path: `/tmp/provider-record-imaging-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The report as a record of its own: the Report tab only.
  await provider.openRecord(completed, 'radiology-report.pdf');
  await expect(provider.byTestId('report-frame')).toBeVisible();
  await expect(provider.byTestId('tab-imaging')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/provider-record-report-1280.png', fullPage: true });

  // Lakeside's staff, by the same address: not found, no frame, no viewer. (The record view has no header: log out from the welcome page.)
  await page.goto('/provider/all-records');
  await new ShellHeader(page).logout();
  await provider.signIn('provider2@example.com');
  await page.goto(new URL(studyUrl).pathname);
  await expect(provider.byTestId('record-details-error')).toHaveText('No Records Found');
  await expect(provider.byTestId('report-frame')).toHaveCount(0);
  await expect(provider.byTestId('imaging-tab')).toHaveCount(0);
});

test('every provider screen fits a 390 px phone', async ({ page }) => {
  const provider = new ProviderPage(page);
  await provider.signIn();
  const screens: Array<[string, string]> = [
    ['/provider/all-records', 'provider-welcome'],
    ['/provider/all-records?grid=true', 'provider-welcome'],
    ['/provider/external-requests', 'data-request-row'],
    [`/provider/patient-request-detail/${demoRequestId('inbox-in-progress')}`, 'provider-attachments-panel'],
    [`/provider/patient-request-detail/${demoRequestId('inbox-completed')}`, 'request-submitted'],
    ['/provider/settings', 'page-title'],
  ];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [i, [url, ready]] of screens.entries()) {
      await page.goto(url);
      await expect(page.getByTestId(ready).first()).toBeVisible();
      await provider.expectFitsWidth();
      await page.screenshot({ path: `/tmp/provider-screen-${i}-${width}.png`, fullPage: true });
    }
  }
});
