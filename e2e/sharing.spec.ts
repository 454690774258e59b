import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MESSAGES } from '@portal/contracts';
import { mailedPath, latestMail } from './pages/mail';
import { RecordsPage } from './pages/records.page';
import { SharingPage } from './pages/sharing.page';
import { ViewerPage } from './pages/viewer.page';

/** A second person's own browser (their own storage), on the same portal. */
const otherBrowser = async (browser: Browser, baseURL: string | undefined): Promise<Page> =>
  (await browser.newContext({ baseURL })).newPage();

/** The demo patient's record card, its Share Records dialog opened. */
const openShareDialog = async (page: Page, name: string) => {
  const records = new RecordsPage(page);
  await records.signIn();
  await records.settled();
  await records.showAllCards();
  await records.card(name).getByTestId('record-share').click();
  const sharing = new SharingPage(page);
  await expect(sharing.dialog()).toBeVisible();
  return sharing;
};

test('the patient invites a person to one study; they sign up from the mail, see only that study and open it; after Remove Access it is gone', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Two people, a sign-up and the viewer in one journey.
  test.setTimeout(180_000);
  const email = `invitee.${Date.now()}@example.com`;
  const sharing = await openShareDialog(page, 'MR BRAIN');
  // The Email tab is first; the invite form stays collapsed until asked for.
  await expect(sharing.byTestId('invite-form')).toHaveCount(0);
  await sharing.byTestId('share-invite-open').click();
  await sharing.invite({ firstName: 'Robin', lastName: 'Invitee', email, relationship: 'Sibling' });
  await expect(sharing.byTestId('invite-success')).toHaveText('Invitation sent to Robin Invitee');
  await expect(sharing.byTestId(`share-toggle-${email}`)).toBeChecked();
  // Issue 24 #11: the emptied form shows no '… is required' until it is touched again.
  await expect(sharing.byTestId('invite-firstName')).toHaveValue('');
  await expect(sharing.byTestId('invite-form').getByText(MESSAGES.firstNameRequired)).toHaveCount(0);
  await expect(sharing.byTestId('invite-form').getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: join(tmpdir(), 'share-dialog-1280.png') });

  const invitee = await otherBrowser(browser, baseURL);
  await invitee.goto(await mailedPath(request, email, '/signup'));
  await expect(invitee.getByTestId('invitation-shared-by')).toContainText('shared medical records with you');
  await expect(invitee.getByTestId('signup-email')).toHaveValue(email);
  await invitee.getByTestId('signup-password').fill('Invitee-Pass-1');
  await invitee.getByTestId('signup-submit').click();
  await expect(invitee).toHaveURL(/\/patient\/my-records\/shared-with-me$/);
  // The invitation link reached the mailbox: the address is confirmed, nothing more to do.
  await expect(invitee.getByTestId('my-records')).toBeVisible();
  await expect(invitee.getByTestId('email-confirm-notice')).toHaveCount(0);
  const theirs = new RecordsPage(invitee);
  await expect
    .poll(async () => (await invitee.reload(), await theirs.settled(), theirs.cards().count()))
    .toBe(1);
  await expect(theirs.cards().first()).toContainText('MR');
  await theirs.cards().first().click();
  await theirs.byTestId('tab-imaging').click();
  await new ViewerPage(invitee).ready();

  await page.keyboard.press('Escape');
  await page.goto('/patient/sharing-records');
  await sharing.person(email).getByTestId('sharing-manage').click();
  await expect(sharing.byTestId('page-title')).toHaveText('sharing with Robin Invitee');
  // The sharing-details child view lists what the person sees: that one study.
  await expect(page).toHaveURL(/\/all-requests$/);
  await expect(page.getByTestId('all-studies-header')).toHaveText('All Studies (1)');
  await expect(new RecordsPage(page).cards()).toHaveCount(1);
  await sharing.byTestId('remove-access').click();
  await sharing.byTestId('remove-access-dialog-confirm').click();
  await expect(page.getByText(MESSAGES.accessRemoved)).toBeVisible();
  await expect(page).toHaveURL(/sharing-peoples$/);
  await expect(sharing.person(email)).toHaveCount(0);

  await invitee.goto('/patient/my-records/shared-with-me');
  await theirs.settled();
  await expect(theirs.byTestId('records-empty')).toContainText(MESSAGES.noTrustedProviders);
});

test('print the access page: a PDF opens, and its link with its password opens the images', async ({
  page,
  browser,
  baseURL,
}) => {
  const sharing = await openShareDialog(page, 'MR BRAIN');
  await sharing.openTab('print-access-page');
  const [pdf] = await Promise.all([
    page.waitForEvent('popup'),
    sharing.byTestId('print-access-page').click(),
  ]);
  await expect.poll(() => pdf.url()).toMatch(/^blob:/);
  const link = (await sharing.byTestId('print-access-link').textContent())!;
  const password = (await sharing.byTestId('print-access-password').textContent())!;
  expect(password).toHaveLength(10);

  const provider = await otherBrowser(browser, baseURL);
  await provider.goto(new URL(link).pathname);
  await expect(provider.getByText(MESSAGES.viewerPasswordTitle)).toBeVisible();
  await provider.getByTestId('viewer-password').fill(password);
  await provider.getByTestId('viewer-continue').click();
  await new ViewerPage(provider).ready();
});

test('download the zip of a study: it holds the DICOM files', async ({ page }) => {
  const sharing = await openShareDialog(page, 'MR BRAIN');
  await sharing.openTab('download');
  await expect(sharing.dialog()).toContainText(MESSAGES.burnDiscInstruction);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    sharing.byTestId('download-zip').click(),
  ]);
  const file = join(mkdtempSync(join(tmpdir(), 'share-zip-')), download.suggestedFilename());
  await download.saveAs(file);
  const listing = execFileSync('unzip', ['-l', file]).toString();
  expect(listing).toMatch(/\.dcm/i);
});

test('share with an imaging facility: the combo box asks for 3 letters, the note is limited, the facility is mailed a link', async ({
  page,
  request,
}) => {
  const sharing = await openShareDialog(page, 'MR BRAIN');
  await sharing.openTab('share-with-facility');
  const facilityEmail = `desk.${Date.now()}@facility.example`;
  await sharing.byTestId('facility-share-submit').click();
  await expect(sharing.dialog()).toContainText(MESSAGES.custodianRequired);
  await sharing.byTestId('facility-combo').fill('La');
  await expect(page.getByText(MESSAGES.typeAtLeast3Letters).first()).toBeVisible();
  await sharing.byTestId('facility-combo').fill('Lakeside');
  await page
    .getByRole('option', { name: /Lakeside Radiology/ })
    .first()
    .click();
  await sharing.byTestId('facility-note').fill('x'.repeat(201));
  await sharing.byTestId('facility-email').fill(facilityEmail);
  await sharing.byTestId('facility-share-submit').click();
  await expect(sharing.dialog()).toContainText(MESSAGES.noteMaxLength);
  await sharing.byTestId('facility-note').fill('For my appointment on Friday');
  await sharing.byTestId('facility-share-submit').click();
  await expect(page.getByText(MESSAGES.reportSharedSuccessfully)).toBeVisible();
  await expect(sharing.dialog()).toHaveCount(0);
  expect(await latestMail(request, facilityEmail, /\/view\//)).toContain('For my appointment on Friday');
});

test('the Share dialog and the Sharing page fit a phone (390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const sharing = await openShareDialog(page, 'MR BRAIN');
  const box = await sharing.dialog().boundingBox();
  expect(box?.width).toBe(390);
  await sharing.byTestId('share-invite-open').click();
  await expect(sharing.byTestId('invite-submit')).toBeVisible();
  await page.screenshot({ path: join(tmpdir(), 'share-dialog-390.png') });
  await sharing.byTestId('share-dialog-close').click();
  await page.goto('/patient/sharing-records');
  await expect(sharing.byTestId('sharing')).toBeVisible();
  await expect(sharing.byTestId('public-links')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.screenshot({ path: join(tmpdir(), 'sharing-people-390.png'), fullPage: true });
});
