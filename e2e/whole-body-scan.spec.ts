import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LoginPage } from './pages/login.page';
import { mailedPath } from './pages/mail';
import { ensureMediaNetwork } from './pages/media-network';

/**
 * Issue 27, in Chromium: the patient reads the newest whole body scan (findings, body diagram, key
 * image, next steps, video report) and asks for a consultation; the facility sees it in its inbox and
 * schedules a meeting for now; the patient's mailed link and the host's link open the same room, the
 * host admits the patient, and each side decodes frames of the other's camera (Chromium's fake
 * devices), with the key image kept in step over the data channel; the host ends it for everyone.
 */
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', ...FAKE_MEDIA],
  },
});

let removeNetwork = () => undefined as void;
test.beforeAll(() => {
  removeNetwork = ensureMediaNetwork();
});
test.afterAll(() => removeNetwork());

const signedIn = async (browser: Browser, email: string): Promise<Page> => {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  return page;
};

/** axe (WCAG 2 A and AA) finds nothing on the screen, at the desktop width and at a phone's. */
const accessible = async (page: Page) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      violations.map(
        (v) => `${width}px ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** How many frames the page's first remote video has decoded: it grows only while media really flows. */
const decodedFrames = (page: Page) =>
  page
    .getByTestId('remote-video')
    .first()
    .evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);

/** The current local time as a datetime-local value: a meeting that starts now. */
const nowLocal = () => {
  const d = new Date(Date.now() + 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

test('a patient reads a scan and asks for a consultation; the facility schedules it; both meet with real video', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const note = `Can we talk about the heart finding? ${Date.now()}`;

  // The patient: the chip shows (there are scans), the list groups them by facility.
  const patient = await signedIn(browser, 'patient@example.com');
  await patient.goto('/patient/my-records/all-requests');
  await patient.getByTestId('tab-whole-body-scans').click();
  const list = patient.getByTestId('wbs-list');
  await expect(list).toBeVisible();
  await expect(list.getByTestId('wbs-view-on').first()).toBeVisible();
  const expand = list.getByTestId('wbs-facility-expand').first();
  if ((await expand.getAttribute('aria-expanded')) === 'false') await expand.click();
  await list.locator('[data-testid^="wbs-scan-"]').first().click();

  // The report: title, name and date, the note, findings with the diagram of the selected one.
  const report = patient.getByTestId('wbs-report');
  await expect(patient.getByTestId('page-title')).toHaveText('Comprehensive Whole Body Scan');
  await expect(report.getByTestId('wbs-note')).toBeVisible();
  await expect(report.getByTestId('wbs-body-diagram')).toBeVisible();
  const findings = report.locator('[data-testid="wbs-findings"] [data-testid^="wbs-finding-"]');
  await expect(findings.first()).toBeVisible();
  await accessible(patient);
  await findings.nth(1).click();
  await expect(report.getByTestId('wbs-body-diagram').getByRole('img').first()).toHaveAttribute(
    'aria-label',
    /.+/,
  );

  // The details: outcomes, the change since the earlier scan, next steps, a key image that renders.
  await patient.getByRole('link', { name: /full details/i }).click();
  const details = patient.getByTestId('wbs-details');
  await expect(details.getByTestId('wbs-outcome').filter({ hasText: 'Major finding' }).first()).toBeVisible();
  await expect(details.getByTestId('wbs-change').first()).toBeVisible();
  // The heart finding (major, new since the earlier scan) has the key images and the PDF report.
  await details.getByTestId('wbs-findings').getByText('Heart', { exact: true }).first().click();
  await expect(details.getByTestId('wbs-pdf-report').first()).toBeVisible();
  await expect(details.getByTestId('wbs-next-step').first()).toBeVisible();
  await accessible(patient);
  const image = details.getByTestId('wbs-key-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  await details.getByTestId('wbs-zoom-in').click();
  await expect(details.getByTestId('wbs-zoom-level')).toHaveText('120%');

  // The video report streams and seeks (range requests): it plays from the middle.
  await details.getByTestId('wbs-video-report').first().click();
  const video = details.getByTestId('wbs-video-player');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration / 2));
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => !v.seeking && v.currentTime > 0 && v.readyState >= 2))
    .toBe(true);

  // A consultation on a scan that already has one asks 'Are you sure?' first.
  await details.getByTestId('wbs-consultation-note').fill(note);
  await details.getByTestId('wbs-consultation-submit').click();
  const confirm = patient.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure?');
  await confirm.getByRole('button', { name: /yes|confirm|submit/i }).click();
  await expect(
    patient.getByText(
      'Consultation request submitted successfully. You will receive an email with details shortly.',
    ),
  ).toBeVisible();
  await expect(details.getByTestId('wbs-consultation-table')).toContainText(note);

  // The facility: the request in its inbox with its clock; a meeting scheduled for now.
  const provider = await signedIn(browser, 'provider@example.com');
  await provider.getByTestId('menu-consultations').click();
  const row = provider.locator('[data-testid^="consultation-"]').filter({ hasText: note });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('consultation-clock')).toHaveText('7 days left');
  await accessible(provider);
  await row.getByTestId('consultation-schedule').click();
  await provider.getByTestId('schedule-start').fill(nowLocal());
  await provider.getByTestId('schedule-submit').click();
  await expect(
    provider.getByText('The video meeting has been scheduled and the patient has been e-mailed the link.'),
  ).toBeVisible();
  const hostLink = row.getByTestId('consultation-host-link').last();
  await expect(hostLink).toBeVisible();

  // The patient's link is mailed; someone else with it is refused.
  const patientLink = await mailedPath(request, 'patient@example.com', '/videoMeeting/');
  const stranger = await signedIn(browser, 'patient2@example.com');
  await stranger.goto(patientLink);
  await expect(stranger.getByTestId('meeting-error')).toHaveText(
    'This meeting link belongs to someone else. Please use the link that was sent to you.',
  );

  // Both join: the patient waits until the host admits.
  await patient.goto(patientLink);
  await expect(patient.getByTestId('meeting-devices-ready')).toBeVisible();
  await patient.getByTestId('meeting-join').click();
  await expect(patient.getByTestId('meeting-waiting')).toHaveText(
    'Please wait, the host will let you in soon.',
  );
  await accessible(patient);
  await hostLink.click();
  await provider.getByTestId('meeting-join').click();
  await provider.getByTestId('meeting-admit').click();

  // Each side decodes the other's video: frames keep arriving.
  for (const side of [patient, provider]) {
    await expect(side.getByTestId('remote-video')).toHaveCount(1);
    await expect.poll(() => decodedFrames(side), { timeout: 30_000 }).toBeGreaterThan(5);
    const before = await decodedFrames(side);
    await expect.poll(() => decodedFrames(side)).toBeGreaterThan(before);
  }

  // The key image the patient's side shares is on both screens, and moves on both.
  const shared = (page: Page) => page.getByTestId('shared-key-image-caption');
  await expect(shared(provider)).toContainText('(1 of');
  await expect(provider.getByTestId('shared-key-image-img')).toBeVisible();
  await accessible(provider);
  await provider.getByTestId('shared-key-image-zoom-in').click();
  await expect(patient.getByTestId('shared-key-image-img')).toHaveAttribute('data-zoom', '1.20');
  if (await provider.getByTestId('shared-key-image-next').isEnabled()) {
    await provider.getByTestId('shared-key-image-next').click();
    await expect(shared(patient)).toContainText('(2 of');
  }

  // Leave and rejoin with the same link; then the host ends it for everyone.
  await patient.getByTestId('meeting-leave').click();
  await expect(patient.getByTestId('meeting-left')).toContainText('You left the meeting.');
  await patient.getByTestId('meeting-rejoin').click();
  await expect(patient.getByTestId('remote-video')).toHaveCount(1);
  await provider.getByTestId('meeting-end').click();
  await expect(provider.getByTestId('meeting-ended')).toHaveText('This meeting has ended.');
  await expect(patient.getByTestId('meeting-ended')).toHaveText('This meeting has ended.');

  // The facility's published scans and the publish form.
  await provider.getByTestId('menu-whole-body-scans').click();
  await expect(provider.locator('[data-testid^="provider-wbs-"]').first()).toBeVisible();
  await accessible(provider);
  await provider.getByTestId('wbs-publish-open').click();
  await expect(provider.getByTestId('wbs-publish-patient')).toBeVisible();
  await accessible(provider);
});
