import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AUTH_API, MESSAGES, SHARING_API, type ShareableRecord } from '@portal/contracts';
import { DEMO_PASSWORD } from './pages/login.page';
import { csrfHeaders, mailedPath } from './pages/mail';
import { RecordsPage } from './pages/records.page';
import { WizardPage } from './pages/wizard.page';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(process.env.E2E_SHOTS ?? tmpdir(), `${name}.png`), fullPage: true });

const noAxeViolations = async (page: Page, where: string) => {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    violations.map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
};

/** The demo patient shares one study with an address, through the API (the dialog has its own journey). */
const shareStudy = async (request: APIRequestContext, email: string, description: string) => {
  const headers = await csrfHeaders(request);
  const { token } = await (
    await request.post(AUTH_API.login, {
      headers,
      data: { username: 'patient@example.com', password: DEMO_PASSWORD },
    })
  ).json();
  const auth = { ...headers, authorization: `Bearer ${token}` };
  // Sharing learns the demo studies from imaging as it indexes them after start.
  let study: ShareableRecord | undefined;
  await expect
    .poll(async () => {
      const records: ShareableRecord[] = await (
        await request.get(SHARING_API.shareableRecords, { headers: auth })
      ).json();
      study = records.find((r) => r.study_description === description);
      return study !== undefined;
    })
    .toBe(true);
  const res = await request.post(SHARING_API.shareRecords, {
    headers: auth,
    data: {
      notificationRecipient: [
        {
          firstName: 'Casey',
          lastName: 'Confirm',
          email,
          id: email,
          relationship: 'Sibling',
          relationshipId: 5,
        },
      ],
      allRecords: false,
      limitedaccess: [
        { patientRequestId: study!.patientRequestId, studyUid: study!.studyUid, documentId: null },
      ],
    },
  });
  expect(res.status()).toBe(201);
};

test('an address shared with, signed up in the wizard: Shared With Me asks to confirm it; the mailed link confirms it and the record appears', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `confirm.${Date.now()}@example.com`;
  await shareStudy(request, email, 'BRAIN');

  // The person signs up in the wizard's account step (its own browser): the wizard goes on as before.
  const page = await (await browser.newContext({ baseURL })).newPage();
  const wizard = new WizardPage(page);
  await wizard.chooseFacilityFromHome('Sunr', 'Sunrise Medical Imaging');
  await wizard.consent();
  await wizard.expectStep('create-account', 'Step 2 of 8');
  await wizard.createAccount(email, 'Confirm-Pass-1');
  await wizard.expectStep('who-is-filling-request', 'Step 3 of 8');

  // The invitation mailed when the patient shared, opened signed out: the address has an account now; the
  // records come once it is confirmed.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto(await mailedPath(request, email, '/signup'));
  await expect(visitor.getByTestId('invitation-sign-in')).toBeVisible();
  await expect(visitor.getByTestId('invitation-needs-proof')).toHaveText(MESSAGES.invitationNeedsProof);
  await noAxeViolations(visitor, 'invitation view, account not confirmed');
  await shot(visitor, 'verify-0-invitation-view');

  // Shared With Me: nothing yet, and why, with the way to a new link.
  await page.goto('/patient/my-records/shared-with-me');
  const records = new RecordsPage(page);
  await records.settled();
  const notice = page.getByTestId('email-confirm-notice');
  await expect(notice).toContainText(MESSAGES.confirmEmailTitle);
  await expect(notice).toContainText(email);
  await expect(records.byTestId('records-empty')).toContainText(MESSAGES.noTrustedProviders);
  await expect(records.cards()).toHaveCount(0);
  await noAxeViolations(page, 'shared-with-me, not confirmed');
  await shot(page, 'verify-1-shared-with-me-notice');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'verify-1b-shared-with-me-notice-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Settings say so too; 'Send the link again' mails a new link (the first one dies).
  await page.goto('/settings');
  await expect(page.getByTestId('email-confirm-notice')).toBeVisible();
  await page.getByTestId('email-confirm-resend').click();
  await expect(page.getByTestId('email-confirm-sent')).toHaveText(MESSAGES.verificationSent);
  await noAxeViolations(page, 'settings, link sent again');
  await shot(page, 'verify-2-settings-link-sent');
  const mails = async () =>
    (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as Array<{
      subject: string;
    }>;
  await expect
    .poll(
      async () =>
        (await mails()).filter((m) => m.subject === 'Confirm your Patient Portal email address').length,
    )
    .toBe(2);

  // A link that does not work says so, and offers a new one.
  await page.goto('/verify-email?token=no-such-token');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.linkNoLongerValid);
  await expect(page.getByTestId('email-confirm-notice')).toBeVisible();
  await shot(page, 'verify-2c-dead-link-not-confirmed');

  // The link from the newest mail confirms the address; this browser's session learns it at once.
  const link = await mailedPath(request, email, '/verify-email');
  await page.goto(link);
  await expect(page.getByTestId('verify-email-confirmed')).toHaveText(MESSAGES.emailVerified);
  await expect(page.getByTestId('verify-email-address')).toContainText(email);
  await noAxeViolations(page, 'verify-email, confirmed');
  await shot(page, 'verify-3-confirmed');
  await page.getByTestId('verify-email-continue').click();
  await expect(page).toHaveURL(/\/patient\/my-records\/all-requests$/);

  // The study shared with the address is there now (the share reaches the account once sharing has linked it).
  await page.goto('/patient/my-records/shared-with-me');
  await expect
    .poll(async () => (await page.reload(), await records.settled(), records.cards().count()))
    .toBe(1);
  await expect(records.cards().first()).toContainText('MR');
  await expect(page.getByTestId('email-confirm-notice')).toHaveCount(0);
  await shot(page, 'verify-4-shared-with-me-confirmed');

  // The link works once: again, it is no longer valid.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.linkNoLongerValid);
  await expect(page.getByTestId('verify-email-dead')).toHaveText(MESSAGES.linkExpiredText);
  await noAxeViolations(page, 'verify-email, dead link');
  await shot(page, 'verify-5-dead-link');
});
