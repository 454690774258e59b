import { expect, test, type Browser, type Page } from '@playwright/test';
import { LoginPage } from './pages/login.page';

/**
 * Issue 26: the whole proxy-access loop in Chromium, each person in their own browser. The admin makes a
 * patient group and invites the demo coordinator; the coordinator accepts and invites a patient; the
 * patient reads what is asked and accepts; the coordinator, acting for the patient on the patient's own
 * screens, uploads a PDF; the patient sees it in "done on your behalf" and revokes; the coordinator is
 * refused at once; the admin's logs hold every step.
 */
const stamp = Date.now().toString(36);
const GROUP = `Journey Group ${stamp}`;

const signedIn = async (browser: Browser, email: string): Promise<Page> => {
  const page = await (await browser.newContext()).newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  return page;
};

const invite = async (page: Page, who: { email: string; first: string; last: string }, allow: RegExp[]) => {
  await page.getByTestId('member-email').fill(who.email);
  await page.getByTestId('member-firstName').fill(who.first);
  await page.getByTestId('member-lastName').fill(who.last);
  for (const name of allow) await page.getByRole('checkbox', { name }).check();
  await page.getByTestId('member-submit').click();
};

const accept = async (page: Page, group: string) => {
  await page.goto('/pendingApproval');
  const invitation = page.getByTestId('invitation').filter({ hasText: group });
  await expect(invitation).toBeVisible();
  await expect(invitation).toContainText('Upload records');
  await invitation.getByTestId('invitation-accept').click();
  const confirm = page.getByRole('dialog');
  if (await confirm.isVisible().catch(() => false))
    await confirm.getByRole('button', { name: /accept/i }).click();
  await expect(page.getByTestId('membership').filter({ hasText: group })).toBeVisible();
};

test('an admin, a coordinator and a patient: consent, acting on the patient screens, revoke, logs', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The admin makes the group under Northgate Care Team and invites the coordinator.
  const admin = await signedIn(browser, 'admin@example.com');
  await admin.goto('/groupAdmin');
  await admin
    .getByTestId('group-card')
    .filter({ hasText: 'Northgate Care Team' })
    .getByTestId('group-open')
    .click();
  await admin.getByTestId('admin-add-patient-group').click();
  await admin.getByTestId('group-name').fill(GROUP);
  await admin.getByTestId('group-info-submit').click();
  // The new group opens.
  await expect(admin.getByRole('heading', { level: 1, name: GROUP })).toBeVisible();
  await admin.getByRole('link', { name: 'Medical coordinators' }).click();
  await admin.getByTestId('coordinator-invite').click();
  await invite(admin, { email: 'coordinator@example.com', first: 'Casey', last: 'Morgan' }, [
    /^View records/,
    /^Request records/,
    /^Upload records/,
  ]);
  await expect(admin.getByTestId('coordinator-row').filter({ hasText: 'Casey Morgan' })).toContainText(
    'Invited',
  );
  const adminGroupUrl = admin.url().replace(/\/manageMedicalCoordinator$/, '');

  // The coordinator accepts and invites a patient of their own.
  const coordinator = await signedIn(browser, 'coordinator@example.com');
  await accept(coordinator, GROUP);
  await coordinator.goto('/groups');
  await coordinator.getByTestId('group-card').filter({ hasText: GROUP }).getByTestId('group-open').click();
  await coordinator.getByTestId('group-add-member').click();
  await invite(coordinator, { email: 'patient3@example.com', first: 'Aisha', last: 'Okafor' }, [
    /^View records/,
    /^Upload records/,
  ]);
  const row = coordinator.getByTestId('member-row').filter({ hasText: 'patient3@example.com' });
  await expect(row).toContainText('Invited');
  // Nothing can be done for someone who has not said yes.
  await expect(row.getByTestId('member-act')).toHaveCount(0);

  // The patient reads the group and the permissions asked, and accepts.
  const patient = await signedIn(browser, 'patient3@example.com');
  await accept(patient, GROUP);

  // The coordinator opens the patient's own My Records, acting for them, and uploads a PDF.
  await coordinator.reload();
  await expect(row).toContainText('Active');
  await row.getByTestId('member-act').click();
  await coordinator.getByTestId('member-action-addRecords').click();
  await expect(coordinator.getByTestId('acting-banner')).toContainText('Aisha Okafor');
  await expect(coordinator).toHaveURL(
    /\/groups\/[^/]+\/user\/[^/]+\/patient\/my-records\/all-requests\?upload=records$/,
  );
  const dialog = coordinator.getByTestId('upload-dialog');
  await expect(dialog).toBeVisible();
  await coordinator.getByTestId('upload-file').setInputFiles({
    name: 'referral.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  });
  await coordinator.getByTestId('upload-patient').click();
  await coordinator.getByRole('option', { name: 'Myself' }).click();
  await coordinator.getByTestId('upload-record-name').fill('Referral letter');
  await coordinator.getByTestId('upload-exam-month').click();
  await coordinator.getByRole('option', { name: 'March' }).click();
  await coordinator.getByTestId('upload-exam-year').fill('2026');
  await coordinator.getByTestId('upload-submit').click();
  await expect(dialog).toBeHidden();
  await expect(coordinator.getByText('Referral letter').first()).toBeVisible();
  // Requesting records was not consented to: the group page offers no such screen.
  await coordinator.getByTestId('acting-back').click();
  await row.getByTestId('member-act').click();
  await expect(coordinator.getByTestId('member-action-myRecords')).toBeVisible();
  await expect(coordinator.getByTestId('member-action-request')).toHaveCount(0);
  await coordinator.keyboard.press('Escape');

  // The patient finds the upload under "done on your behalf", and revokes the group.
  await patient.reload();
  const done = patient.getByRole('table', { name: 'Done on your behalf' });
  await expect(done.getByRole('row').filter({ hasText: 'Casey Morgan' }).first()).toBeVisible();
  await expect(done).toContainText('Upload records');
  await patient.getByTestId('membership').filter({ hasText: GROUP }).getByTestId('membership-leave').click();
  await patient
    .getByRole('dialog')
    .getByRole('button', { name: /leave|revoke/i })
    .click();
  await expect(patient.getByTestId('membership').filter({ hasText: GROUP })).toHaveCount(0);

  // The coordinator's next look at the patient's records is refused.
  await coordinator.goBack();
  const base = new URL(coordinator.url()).pathname.replace(/\/patient\/.*$/, '');
  await coordinator.goto(`${base}/myRecords`);
  await expect(coordinator.getByTestId('person-refusal')).toBeVisible();
  await coordinator.goto(`${base}/patient/my-records/all-requests`);
  await expect(coordinator.getByText('Referral letter')).toHaveCount(0);

  // The admin's logs hold every step.
  await admin.goto(`${adminGroupUrl}/logs`);
  const logs = admin.getByTestId('log-row');
  for (const what of ['Invited a member', 'Accepted the invitation', 'Left the group'])
    await expect(logs.filter({ hasText: what }).first()).toBeVisible();
  await expect(
    logs.filter({ hasText: 'Aisha Okafor' }).filter({ hasText: 'Upload records' }).first(),
  ).toBeVisible();
});
