import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { IMAGING_API, MESSAGES } from '@portal/contracts';
import { RecordsPage } from './pages/records.page';
import { SharingPage } from './pages/sharing.page';

/** The demo patient's MR BRAIN with its Share Records dialog on the Download tab. */
const openDownloadTab = async (page: Page) => {
  const records = new RecordsPage(page);
  await records.signIn();
  await records.settled();
  await records.showAllCards();
  await records.card('MR BRAIN').getByTestId('record-share').click();
  const sharing = new SharingPage(page);
  await sharing.openTab('download');
  return sharing;
};

test('Download ISO saves a disc image that isoinfo and dcmdump read, made with no system tool, and the dialog stays', async ({
  page,
}) => {
  const sharing = await openDownloadTab(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    sharing.byTestId('download-iso').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.iso$/);
  const iso = test.info().outputPath('study.iso');
  await download.saveAs(iso);
  const listing = execFileSync('isoinfo', ['-J', '-f', '-i', iso], { encoding: 'utf8' });
  expect(listing).toMatch(/^\/DICOMDIR;1$/m);
  expect(listing).toMatch(/^\/DICOM\/S0001\/I0001;1$/m);
  const dicomdir = test.info().outputPath('DICOMDIR');
  execFileSync('sh', ['-c', `isoinfo -x '/DICOMDIR;1' -i "$1" > "$2"`, 'sh', iso, dicomdir]);
  expect(execFileSync('dcmdump', ['+P', 'ReferencedFileID', dicomdir], { encoding: 'utf8' })).toContain(
    '[DICOM\\S0001\\I0001]',
  );
  // The page never left: the dialog and its tab are still there.
  await expect(sharing.byTestId('share-tab-download-panel')).toBeVisible();
});

test('a download the server refuses is a toast on the page that stays, never an error page in its place', async ({
  page,
}) => {
  const sharing = await openDownloadTab(page);
  const appUrl = page.url();
  // The server's own answer to an identifier it never issued (a stale or tampered link).
  await page.route(`**${IMAGING_API.fetchDownloadISO}?*`, (route) =>
    route.continue({
      url: route
        .request()
        .url()
        .replace(/identifier=[^&]+/, 'identifier=forged'),
    }),
  );
  await sharing.byTestId('download-iso').click();
  await expect(
    page.locator('.notistack-MuiContent').filter({ hasText: MESSAGES.downloadLinkExpired }),
  ).toBeVisible();
  expect(page.url()).toBe(appUrl);
  await expect(sharing.byTestId('share-tab-download-panel')).toBeVisible();
  await expect(sharing.byTestId('download-zip')).toBeEnabled();
});
