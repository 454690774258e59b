import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { RecordsPage } from './pages/records.page';
import { ViewerPage } from './pages/viewer.page';

/** Drags with the left button across the viewport, from and to fractions of its size. */
const drag = async (page: Page, viewer: ViewerPage, from: [number, number], to: [number, number]) => {
  const box = await viewer.byTestId('viewer-viewport').boundingBox();
  if (!box) throw new Error('the viewport is not on the page');
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(
      at(from)[0] + ((at(to)[0] - at(from)[0]) * i) / 8,
      at(from)[1] + ((at(to)[1] - at(from)[1]) * i) / 8,
    );
  await page.mouse.up();
};

const pickTool = async (page: Page, viewer: ViewerPage, name: string) => {
  await viewer.byTestId('viewer-tool').locator('..').click();
  await page.getByRole('option', { name, exact: true }).click();
};

test('the owner measures a length and an ellipse ROI on the MR (mm, mean, SD, area), marks a key image, and finds both again on reopening; the shared link shows them read-only', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const records = new RecordsPage(page);
  const viewer = new ViewerPage(page);
  await records.signIn();
  await records.settled();
  await records.card('MR BRAIN').click();
  await expect(records.byTestId('record-title')).toBeVisible();
  await records.byTestId('tab-imaging').click();
  await viewer.ready();

  await pickTool(page, viewer, 'Length');
  await drag(page, viewer, [0.35, 0.4], [0.65, 0.6]);
  await expect(viewer.byTestId('measurement')).toHaveCount(1);
  await expect(viewer.byTestId('measurement').first()).toHaveText(/^Length \d+\.\d mm$/);
  await pickTool(page, viewer, 'Ellipse ROI');
  await drag(page, viewer, [0.42, 0.62], [0.52, 0.72]);
  await expect(viewer.byTestId('measurement')).toHaveCount(2);
  await expect(viewer.byTestId('measurements')).toContainText(
    /Ellipse: mean -?\d+\.\d.*, SD \d+\.\d, area \d+\.\d mm/,
  );

  await viewer.byTestId('viewer-next').click();
  await expect(viewer.byTestId('viewer-frame')).toHaveText(/^2 \//);
  await viewer.byTestId('viewer-key-image').click();
  await expect(viewer.byTestId('viewer-key-image')).toHaveAttribute('aria-pressed', 'true');
  await expect(viewer.byTestId('key-image')).toHaveText(['Image 2']);
  await page.screenshot({ path: join(tmpdir(), 'viewer-tools.png') });

  // Saved with the study: a fresh page draws both measurements and lists the key image.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/annotations') && r.request().method() === 'PUT',
  );
  await saved;
  await page.reload();
  await records.byTestId('tab-imaging').click();
  await viewer.ready();
  await expect(viewer.byTestId('measurement')).toHaveCount(2);
  await expect(viewer.byTestId('key-image')).toHaveText(['Image 2']);
  await viewer.byTestId('key-image').click();
  await expect(viewer.byTestId('viewer-frame')).toHaveText(/^2 \//);
  expect(await viewer.axeViolations('viewer with measurements')).toEqual([]);

  // Someone else with the password link that opens every demo study (a fresh browser, nobody signed
  // in) sees the owner's measurements and key image, read-only.
  const visitor = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  const link = new ViewerPage(visitor);
  await visitor.goto('/view/demo-viewer-link');
  await link.byTestId('viewer-password').fill('Demo-viewer-1');
  await link.byTestId('viewer-continue').click();
  await link.ready();
  await link.byTestId('viewer-study-picker').locator('..').click();
  await visitor
    .getByRole('option', { name: /^MR · BRAIN/ })
    .first()
    .click();
  await link.ready();
  await expect(link.byTestId('key-image')).toHaveText(['Image 2']);
  await expect(link.byTestId('measurement')).toHaveCount(2);
  await expect(link.byTestId('viewer-key-image')).toBeDisabled();
  await expect(link.byTestId('measurement-remove')).toHaveCount(0);
  await expect(link.byTestId('annotations-note')).toHaveText(
    'Only the owner of this study can change its measurements and key images',
  );
  await visitor.context().close();
});
