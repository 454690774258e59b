import type { Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { RecordsPage } from './pages/records.page';

const { serveSmartApp } = require('./smart-app.cjs') as {
  serveSmartApp: (o: { port: number }) => Promise<Server>;
};

/**
 * Issue 29, in Chromium: a real SMART on FHIR app (e2e/smart-app, the official `fhirclient` library)
 * on its own site connects to the portal with the standalone launch and PKCE, reads the patient, their
 * imaging studies, and a frame from the ImagingStudy's WADO-RS endpoint; the patient then revokes it
 * in Connected apps and the app's next read is refused (401).
 */
const APP_PORT = 8191;
const APP = `http://127.0.0.1:${APP_PORT}`;

/** axe (WCAG 2 A and AA) finds nothing, at the desktop width and at a phone's. */
const accessible = async (page: Page) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(violations.map((v) => `${width}px ${v.id}: ${v.help}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

let app: Server;
test.beforeAll(async () => {
  app = await serveSmartApp({ port: APP_PORT });
});
test.afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

test('a SMART app connects with PKCE, reads the patient, studies and a frame; revoked, its next read is 401', async ({
  page,
  context,
  baseURL,
}) => {
  const registered = await page.request.post(`${baseURL}/api/smart/register`, {
    data: { client_name: 'Imaging Notes', redirect_uris: [`${APP}/app.html`] },
  });
  expect(registered.status()).toBe(201);
  const { client_id } = await registered.json();
  await new RecordsPage(page).signIn();

  // The app starts the launch; the portal asks the patient, in plain words.
  await page.goto(`${APP}/launch.html?iss=${encodeURIComponent(`${baseURL}/api/fhir`)}&client=${client_id}`);
  const consent = page.getByTestId('smart-consent');
  await expect(consent).toContainText('Imaging Notes wants to access your records');
  await expect(page.getByTestId('smart-consent-origin')).toContainText(APP);
  await expect(page.getByTestId('smart-consent-patient')).toContainText('Pat Jordan');
  await expect(consent).toContainText('Read and search your imaging studies and their images');
  await expect(page.getByTestId('smart-consent-scope-launch/patient')).toBeDisabled();
  await accessible(page);
  await page.screenshot({ path: test.info().outputPath('consent.png') });
  await page.getByTestId('smart-consent-allow').click();

  // Back in the app: fhirclient exchanged the code (PKCE S256) and read over FHIR and WADO-RS.
  await expect(page).toHaveURL(new RegExp(`^${APP}/app\\.html`));
  await expect(page.getByTestId('app-patient')).toHaveText('Pat Jordan');
  await expect(page.getByTestId('app-studies')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('app-frame')).toHaveText(/^\d+ bytes$/);
  await expect(page.getByTestId('app-error')).toHaveText('');

  // Settings > Connected apps: what it read, from the audit; then Revoke.
  const portal = await context.newPage();
  await portal.goto(`${baseURL}/settings`);
  await portal.getByTestId('settings-connected-apps-link').click();
  const card = portal.locator('[data-testid^="connected-app-"]').filter({ hasText: 'Imaging Notes' }).first();
  await expect(card).toBeVisible();
  await expect(card.getByTestId('connected-app-last-read')).toContainText('Last read');
  await expect(card.getByTestId('connected-app-reads')).toContainText('ImagingStudy');
  await expect(card.getByTestId('connected-app-reads')).toContainText('Patient');
  await accessible(portal);
  await portal.screenshot({ path: test.info().outputPath('connected-apps.png'), fullPage: true });
  await card.getByTestId('connected-app-revoke').click();
  await portal.getByTestId('connected-app-revoke-dialog-confirm').click();
  await expect(
    portal.locator('[data-testid^="connected-app-"]').filter({ hasText: 'Imaging Notes' }),
  ).toHaveCount(0);

  // The app's token died at once.
  await page.bringToFront();
  await page.getByTestId('app-read-again').click();
  await expect(page.getByTestId('app-error')).toHaveText('FHIR 401');
});

test('Download everything exports the record as NDJSON and the images as a DICOM zip', async ({ page }) => {
  await new RecordsPage(page).signIn();
  await page.goto('/settings');
  await page.getByTestId('settings-backup-link').click();
  await expect(page.getByTestId('backup-status')).toHaveAttribute('data-state', /none|completed/);
  await page.getByTestId('backup-start').click();
  await expect(page.getByTestId('backup-status')).toHaveAttribute('data-state', 'completed', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('backup-files')).toContainText('ImagingStudy');
  await accessible(page);
  await page.screenshot({ path: test.info().outputPath('download-everything.png'), fullPage: true });

  const ndjson = page.waitForEvent('download');
  await page.getByTestId('backup-file-Patient').click();
  const patientFile = await (await ndjson).path();
  const [patient] = require('node:fs').readFileSync(patientFile, 'utf8').trim().split('\n').map(JSON.parse);
  expect(patient).toMatchObject({ resourceType: 'Patient', name: [{ family: 'Jordan' }] });

  const zip = page.waitForEvent('download');
  await page.getByTestId('backup-images-1').click();
  const archive = require('node:fs').readFileSync(await (await zip).path());
  // A zip (PK\3\4) holding DICOM files.
  expect(archive.subarray(0, 4).toString('hex')).toBe('504b0304');
  expect(archive.includes(Buffer.from('DICM'))).toBe(true);

  // The next backup asks only for what changed since this one.
  await page.getByTestId('backup-incremental').click();
  await expect(page.getByTestId('backup-completed')).toContainText('Changes since', { timeout: 30_000 });
});
