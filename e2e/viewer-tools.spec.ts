import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { RecordsPage } from './pages/records.page';
import { ViewerPage } from './pages/viewer.page';

/**
 * Drags with the left button across the viewport, from and to fractions of its size, once the viewport
 * stays where it is (lists below it that grow or shrink move a page scrolled to its end).
 */
const drag = async (page: Page, viewer: ViewerPage, from: [number, number], to: [number, number]) => {
  const viewport = viewer.byTestId('viewer-viewport');
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await viewport.boundingBox());
      const steady = now === last;
      last = now;
      return steady;
    })
    .toBe(true);
  const box = JSON.parse(last) as { x: number; y: number; width: number; height: number };
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

/** Clicks with the left button at a fraction of an element's box. */
const click = async (page: Page, target: Locator, [x, y]: [number, number]) => {
  // In the middle of the window: the page's sticky header covers its top.
  await target.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to click');
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
};

/**
 * Waits until a select's menu has gone. Its list is hidden as soon as it starts closing, but its
 * invisible backdrop takes the pointer until the exit transition ends (195 ms): a drag started before
 * that lands on the backdrop and draws nothing.
 */
const menuClosed = (page: Page) => expect(page.locator('.MuiMenu-root')).toHaveCount(0);

/** Picks a tool by its label and waits until the left button draws with it (the tools load on first use). */
const pickTool = async (page: Page, viewer: ViewerPage, name: string, tool: string) => {
  await viewer.byTestId('viewer-tool').locator('..').click();
  await page.getByRole('option', { name, exact: true }).click();
  await menuClosed(page);
  await expect(viewer.byTestId('viewer-viewport')).toHaveAttribute('data-tool', tool);
};

/** The password link that opens every demo study, with its password, on the study named (the 20-image MR). */
const openDemoLink = async (page: Page, viewer: ViewerPage, study = /^MR · BRAIN/) => {
  await page.goto('/view/demo-viewer-link');
  await viewer.byTestId('viewer-password').fill('Demo-viewer-1');
  await viewer.byTestId('viewer-continue').click();
  await viewer.ready();
  await viewer.byTestId('viewer-study-picker').locator('..').click();
  await page.getByRole('option', { name: study }).first().click();
  await viewer.ready();
};

/** The demo patient signs in and opens the Imaging tab of their MR BRAIN record. */
const openOwnMr = async (records: RecordsPage, viewer: ViewerPage) => {
  await records.signIn();
  await records.settled();
  await records.card('MR BRAIN').click();
  // The library's filters have an Imaging tab too: the record's is clicked once the record shows.
  await expect(records.byTestId('record-title')).toBeVisible();
  await records.byTestId('tab-imaging').click();
  await viewer.ready();
};

/** Picks what Side by side shows beside the image and waits until it is drawn. */
const showBeside = async (page: Page, viewer: ViewerPage, name: RegExp) => {
  await viewer.byTestId('viewer-compare').locator('..').click();
  await page.getByRole('option', { name }).click();
  await menuClosed(page);
  await expect(viewer.byTestId('compare-pane')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
};

/** Removes what an earlier run left on the study (the owner removes measurements and unmarks key images). */
const clearAnnotations = async (viewer: ViewerPage) => {
  await expect(viewer.byTestId('viewer-annotations')).toHaveAttribute('data-state', 'ready');
  for (let left = await viewer.byTestId('measurement').count(); left > 0; left--) {
    await viewer.byTestId('measurement-remove').first().click();
    await expect(viewer.byTestId('measurement')).toHaveCount(left - 1);
  }
  for (let left = await viewer.byTestId('key-image').count(); left > 0; left--) {
    await viewer.byTestId('key-image').first().click();
    await expect(viewer.byTestId('viewer-key-image')).toHaveAttribute('aria-pressed', 'true');
    await viewer.byTestId('viewer-key-image').click();
    await expect(viewer.byTestId('key-image')).toHaveCount(left - 1);
  }
  await viewer.byTestId('viewer-stop').click();
  await expect(viewer.byTestId('viewer-frame')).toHaveText(/^1 \//);
};

test('the owner measures a length and an ellipse ROI on the MR (mm, mean, SD, area), marks a key image, and finds both again on reopening; the shared link shows them read-only', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const records = new RecordsPage(page);
  const viewer = new ViewerPage(page);
  await openOwnMr(records, viewer);
  await clearAnnotations(viewer);

  await pickTool(page, viewer, 'Length', 'Length');
  await drag(page, viewer, [0.35, 0.4], [0.65, 0.6]);
  await expect(viewer.byTestId('measurement')).toHaveCount(1);
  await expect(viewer.byTestId('measurement').first()).toHaveText(/^Length \d+\.\d mm$/);
  await pickTool(page, viewer, 'Ellipse ROI', 'EllipticalROI');
  await drag(page, viewer, [0.42, 0.62], [0.52, 0.72]);
  await expect(viewer.byTestId('measurement')).toHaveCount(2);
  await expect(viewer.byTestId('measurements')).toContainText(
    /Ellipse: mean -?\d+\.\d.*, SD \d+\.\d, area \d+\.\d mm/,
  );

  await viewer.byTestId('viewer-next').click();
  await expect(viewer.byTestId('viewer-frame')).toHaveText(/^2 \//);
  // The save that holds the key image (it follows the last change after a short pause).
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/annotations') &&
      r.request().method() === 'PUT' &&
      (r.request().postData() ?? '').includes('"keyImages":[{'),
  );
  await viewer.byTestId('viewer-key-image').click();
  await expect(viewer.byTestId('viewer-key-image')).toHaveAttribute('aria-pressed', 'true');
  await expect(viewer.byTestId('key-image')).toHaveText(['Image 2']);
  await page.screenshot({ path: join(tmpdir(), 'viewer-tools.png') });

  // Saved with the study: a fresh page draws both measurements and lists the key image.
  expect((await saved).ok()).toBe(true);
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
  await openDemoLink(visitor, link);
  await expect(link.byTestId('key-image')).toHaveText(['Image 2']);
  await expect(link.byTestId('measurement')).toHaveCount(2);
  await expect(link.byTestId('viewer-key-image')).toBeDisabled();
  await expect(link.byTestId('measurement-remove')).toHaveCount(0);
  await expect(link.byTestId('annotations-note')).toHaveText(
    'Only the owner of this study can change its measurements and key images',
  );
  await visitor.context().close();
});

test('side by side on the shared link: the CT beside the MR follows its scrolling and its window', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const viewer = new ViewerPage(page);
  await openDemoLink(page, viewer);
  const leading = await viewer.frameCount();

  await showBeside(page, viewer, /^CT · CHEST ABDOMEN PHANTOM/);
  await expect(viewer.byTestId('compare-label')).toHaveText(/^CT · CHEST ABDOMEN PHANTOM/);
  await expect(viewer.byTestId('compare-frame')).toHaveText(/^1 \/ \d+$/);
  const compared = Number((await viewer.byTestId('compare-frame').textContent())?.split('/')[1]);
  expect(compared).toBeGreaterThan(1);

  // Scrolling the MR moves the CT to the same fraction of its stack.
  await viewer.byTestId('viewer-next').click();
  await expect(viewer.byTestId('viewer-frame')).toHaveText(/^2 \//);
  await expect(viewer.byTestId('compare-frame')).toHaveText(
    `${Math.round((compared - 1) / (leading - 1)) + 1} / ${compared}`,
  );

  // A window preset on the MR windows the CT too: its canvas changes.
  let before = { variance: 0, digest: '' };
  await expect
    .poll(async () => {
      const now = await viewer.canvasStats('compare-viewport');
      const settled = now.digest === before.digest && now.variance > 0;
      before = now;
      return settled;
    })
    .toBe(true);
  await viewer.byTestId('viewer-preset').locator('..').click();
  await page.getByRole('option', { name: 'Bone', exact: true }).click();
  await expect
    .poll(async () => (await viewer.canvasStats('compare-viewport')).digest)
    .not.toBe(before.digest);
  await page.screenshot({ path: join(tmpdir(), 'viewer-side-by-side.png') });
  expect(await viewer.axeViolations('side by side')).toEqual([]);

  await viewer.byTestId('viewer-compare').locator('..').click();
  await page.getByRole('option', { name: 'Off', exact: true }).click();
  await expect(viewer.byTestId('compare-pane')).toHaveCount(0);
});

test('MPR on the shared link: the 300-slice CT in axial, sagittal and coronal, the crosshairs moving the planes, windowed together', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const viewer = new ViewerPage(page);
  await openDemoLink(page, viewer, /^CT · CHEST ABDOMEN PHANTOM/);
  await viewer.byTestId('viewer-mpr').click();
  await expect(viewer.byTestId('viewer-mpr')).toHaveAttribute('aria-pressed', 'true');
  const cuts = viewer.byTestId('mpr-pane');
  await expect(cuts).toHaveCount(2);
  for (const cut of await cuts.all()) await expect(cut).toHaveAttribute('data-state', 'ready');
  await expect(viewer.byTestId('plane-label')).toHaveText([
    /^Axial 1 \/ 300$/,
    /^Sagittal \d+ \/ 512$/,
    /^Coronal \d+ \/ 512$/,
  ]);
  await expect(viewer.byTestId('crosshairs')).toHaveCount(3);

  // The crosshairs dragged to the left of the axial image: the sagittal cut follows, the slice stays.
  const sagittal = cuts.filter({ has: viewer.byTestId('mpr-sagittal') });
  const middle = Number(await sagittal.getAttribute('data-index'));
  await click(page, viewer.byTestId('viewer-viewport'), [0.3, 0.5]);
  await expect.poll(async () => Number(await sagittal.getAttribute('data-index'))).toBeLessThan(middle - 50);
  await expect(viewer.byTestId('viewer-frame')).toHaveText(/^1 \//);

  // Near the top of the sagittal cut: the axial viewport moves up to a slice near the head.
  await click(page, viewer.byTestId('mpr-sagittal'), [0.5, 0.15]);
  await expect
    .poll(async () => Number((await viewer.byTestId('viewer-frame').textContent())?.split(' /')[0]))
    .toBeGreaterThan(200);

  // The keyboard moves a cut (a slider), not the axial stack.
  const placed = Number(await sagittal.getAttribute('data-index'));
  await viewer.byTestId('mpr-sagittal').focus();
  await page.keyboard.press('ArrowRight');
  await expect(sagittal).toHaveAttribute('data-index', String(placed + 1));
  await expect(viewer.byTestId('mpr-sagittal')).toHaveAttribute('aria-valuenow', String(placed + 2));
  const axial = await viewer.byTestId('viewer-frame').textContent();
  await page.keyboard.press('End');
  await expect(viewer.byTestId('mpr-sagittal')).toHaveAttribute('aria-valuenow', '512');
  await expect(viewer.byTestId('viewer-frame')).toHaveText(axial ?? '');

  // A preset windows the cuts too.
  const before = (await viewer.canvasStats('mpr-coronal')).digest;
  await viewer.byTestId('viewer-preset').locator('..').click();
  await page.getByRole('option', { name: 'Bone', exact: true }).click();
  await expect.poll(async () => (await viewer.canvasStats('mpr-coronal')).digest).not.toBe(before);
  await page.screenshot({ path: join(tmpdir(), 'viewer-mpr.png') });
  expect(await viewer.axeViolations('MPR')).toEqual([]);

  await viewer.byTestId('viewer-mpr').click();
  await expect(cuts).toHaveCount(0);
});

test("a prior beside the study in the record view: the person's other studies from the library", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const records = new RecordsPage(page);
  const viewer = new ViewerPage(page);
  await openOwnMr(records, viewer);
  await showBeside(page, viewer, /CHEST ABDOMEN PHANTOM · 2026-01-05$/);
  await expect(viewer.byTestId('compare-label')).toHaveText(/CHEST ABDOMEN PHANTOM · 2026-01-05$/);
  await expect(viewer.byTestId('compare-frame')).toHaveText(/^\d+ \/ 300$/);
});
