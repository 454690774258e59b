import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { leaveShareConfirm, MESSAGES, sharedWithYouBy } from '@portal/contracts';
import { mailedPath } from './pages/mail';
import { RecordsPage } from './pages/records.page';
import { SharingPage } from './pages/sharing.page';

/**
 * Issue 24: the sharing loop as the person shared with and the owner see it. An "All Records" share opens
 * every record (reports too), the owner's sharing details list them in the spec's child views, the person
 * shared with can leave the share, and a public link is revoked only once confirmed.
 */
const otherBrowser = async (browser: Browser, baseURL: string | undefined): Promise<Page> =>
  (await browser.newContext({ baseURL })).newPage();

const shot = async (page: Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: join(tmpdir(), `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
};

test('an All Records share: the person opens a report, the owner sees every record in sharing details, the person leaves the share', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const email = `grantee.${Date.now()}@example.com`;
  const records = new RecordsPage(page);
  await records.signIn();
  await records.settled();
  const ownerCount = Number(
    /\((\d+)\)/.exec((await records.byTestId('all-studies-header').textContent()) ?? '')![1],
  );
  expect(ownerCount).toBeGreaterThan(4);
  await records.showAllCards();
  await records.card('MR BRAIN').getByTestId('record-share').click();
  const sharing = new SharingPage(page);
  await sharing.byTestId('share-invite-open').click();
  await sharing.invite({
    firstName: 'Robin',
    lastName: 'Grantee',
    email,
    relationship: 'Sibling',
    access: 'all',
  });
  await expect(sharing.byTestId('invite-success')).toHaveText('Invitation sent to Robin Grantee');
  // #11: the emptied form shows no '… is required' until it is touched again.
  await expect(sharing.byTestId('invite-firstName')).toHaveValue('');
  await expect(sharing.byTestId('invite-submit')).toBeEnabled();
  await expect(sharing.byTestId('invite-form').getByRole('alert')).toHaveCount(0);
  await expect(sharing.byTestId('invite-form').getByText(MESSAGES.firstNameRequired)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The person signs up from the mail and sees every record of the owner.
  const grantee = await otherBrowser(browser, baseURL);
  await grantee.goto(await mailedPath(request, email, '/signup'));
  await grantee.getByTestId('signup-password').fill('Grantee-Pass-1');
  await grantee.getByTestId('signup-submit').click();
  await expect(grantee).toHaveURL(/\/patient\/my-records\/shared-with-me$/);
  const theirs = new RecordsPage(grantee);
  await expect
    .poll(
      async () => (
        await grantee.reload(),
        await theirs.settled(),
        await theirs.showAllCards(),
        theirs.cards().count()
      ),
    )
    .toBe(ownerCount);

  // #2: a report (a self-uploaded PDF) opens for the person shared with.
  await theirs.card('Blood test results').click();
  await expect(theirs.byTestId('report-frame')).toBeVisible();
  await expect(theirs.byTestId('report-error')).toHaveCount(0);
  // #4: the record view says who shared it, with no Manage sharing or Share.
  await expect(theirs.byTestId('shared-by')).toHaveText(sharedWithYouBy('Pat Jordan'));
  await expect(theirs.byTestId('manage-sharing')).toHaveCount(0);
  await expect(theirs.byTestId('share-record')).toHaveCount(0);
  await shot(grantee, 'grantee-record-view');

  // #5: the owner's sharing details list every record in the child views and open one with its tabs.
  await page.goto('/patient/sharing-records');
  await sharing.person(email).getByTestId('sharing-manage').click();
  await expect(page).toHaveURL(/\/sharing-details\/[^/]+\/all-requests$/);
  await expect(sharing.byTestId('page-title')).toHaveText('sharing with Robin Grantee');
  await expect(sharing.byTestId('study-count-all')).toHaveText('All Records');
  await expect(page.getByTestId('records-loading')).toHaveCount(0);
  await expect(page.getByTestId('all-studies-header')).toHaveText(`All Studies (${ownerCount})`);
  await records.showAllCards();
  await expect(records.cards()).toHaveCount(ownerCount);
  await expect(records.card('MR BRAIN').getByTestId('record-share')).toHaveCount(0);
  await shot(page, 'sharing-details');
  await records.card('MR BRAIN').getByTestId('record-view').click();
  await expect(page).toHaveURL(/\/sharing-details\/[^/]+\/view-request-report-details\/[^/]+\/[^/]+$/);
  await expect(page.getByTestId('record-title')).toHaveText('MR BRAIN');
  await expect(page.getByTestId('tab-imaging')).toBeVisible();
  await page.getByTestId('back-button').click();
  await expect(page).toHaveURL(/\/sharing-details\/[^/]+\/all-requests$/);
  // The other child views answer too (nothing starred or open is shared here).
  await page.goto(page.url().replace(/all-requests$/, 'openRequests'));
  await expect(page.getByTestId('records-empty')).toHaveText(MESSAGES.noOpenRequests);

  // #4: the person's Remove asks, then they leave the share: their list empties, the owner's people list loses them.
  await grantee.goto('/patient/my-records/shared-with-me');
  await theirs.settled();
  await theirs.cards().first().getByTestId('record-remove').click();
  await expect(grantee.getByTestId('leave-share-text')).toHaveText(leaveShareConfirm('Pat Jordan'));
  const left = grantee.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/api/sharing/sharedWithMe/'),
  );
  await grantee.getByTestId('leave-share-confirm').click();
  expect((await left).status()).toBe(200);
  await expect(grantee.getByText(MESSAGES.shareLeft)).toBeVisible();
  await theirs.settled();
  await expect(theirs.byTestId('records-empty')).toContainText(MESSAGES.noTrustedProviders);
  await page.goto('/patient/sharing-records');
  await expect(sharing.byTestId('sharing')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(sharing.person(email)).toHaveCount(0);
});

test('a public link is revoked only once confirmed (#14)', async ({ page }) => {
  const records = new RecordsPage(page);
  await records.signIn();
  await page.goto('/patient/sharing-records');
  const sharing = new SharingPage(page);
  await expect(sharing.publicLinks().first()).toBeVisible();
  const before = await sharing.publicLinks().count();
  await sharing.publicLinks().first().getByTestId('public-link-revoke').click();
  await expect(sharing.byTestId('revoke-link')).toBeVisible();
  await expect(sharing.byTestId('revoke-link-text')).toHaveText(MESSAGES.revokeLinkConfirm);
  await sharing.byTestId('revoke-link-cancel').click();
  await expect(sharing.byTestId('revoke-link')).toHaveCount(0);
  await expect(sharing.publicLinks()).toHaveCount(before);
  await sharing.publicLinks().first().getByTestId('public-link-revoke').click();
  await sharing.byTestId('revoke-link-confirm').click();
  await expect(page.getByText(MESSAGES.linkRevoked)).toBeVisible();
  await expect(sharing.publicLinks()).toHaveCount(before - 1);
});
