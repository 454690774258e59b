import AxeBuilder from '@axe-core/playwright';
import { compactDecrypt } from 'jose';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, createHealthLinkSchema, type HealthLinkPayload } from '@portal/contracts';
import { RecordsPage } from './pages/records.page';
import { SharingPage } from './pages/sharing.page';
import { ViewerPage } from './pages/viewer.page';

/**
 * Issue 29, in Chromium: the patient makes a SMART Health Link of a study in the Share dialog; a
 * receiving app opens its manifest with the passcode, decrypts the FHIR bundle and reads the study over
 * WADO-RS with the Endpoint's token; a person opens the same link in a browser and types the passcode;
 * once the patient revokes it under Public links, the manifest is gone.
 */

/** axe (WCAG 2 A and AA) finds nothing, at the desktop width and at a phone's (as in smart-fhir.spec.ts). */
const accessible = async (page: Page) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(violations.map((v) => `${width}px ${v.id}: ${v.help}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** The payload of a `…#shlink:/…` link (SMART Health Links 1.0, "Construct a SHLink Payload"). */
const payloadOf = (url: string): HealthLinkPayload => {
  const shlink = new URL(url).hash.replace(/^#/, '');
  expect(shlink).toMatch(/^shlink:\/[\w-]+$/);
  return JSON.parse(Buffer.from(shlink.slice('shlink:/'.length), 'base64url').toString());
};

interface Entry {
  fullUrl: string;
  resource: { resourceType: string; [key: string]: unknown };
}

const PASSCODE = 'tulip-4242';
const LABEL = 'For Dr. Rivera';

test('SMART Health Link: the patient makes one, an app reads the study with the passcode, a person opens it in the viewer; revoked, it is gone', async ({
  page,
  browser,
  baseURL,
}) => {
  // The patient, an app and a second browser with the viewer in one journey.
  test.setTimeout(180_000);
  const records = new RecordsPage(page);
  const sharing = new SharingPage(page);
  await records.signIn();
  await records.settled();
  await records.showAllCards();
  await records.card('MR BRAIN').getByTestId('record-share').click();
  await expect(sharing.dialog()).toBeVisible();
  await sharing.openTab('health-link');
  await expect(sharing.byTestId('health-link-tab')).toHaveAttribute('aria-selected', 'true');

  // A too-short passcode: the service's own rule, shown by the field; nothing is made.
  const tooShort = await createHealthLinkSchema.validateAt('passcode', { passcode: 'abc' }).then(
    () => '',
    (e: Error) => e.message,
  );
  expect(tooShort).toBe('The passcode needs at least 6 characters');
  await sharing.byTestId('health-link-passcode').fill('abc');
  await sharing.byTestId('health-link-create').click();
  await expect(sharing.dialog().getByText(tooShort)).toBeVisible();
  await expect(sharing.byTestId('health-link-made')).toHaveCount(0);

  await sharing.byTestId('health-link-passcode').fill(PASSCODE);
  await sharing.byTestId('health-link-label').fill(LABEL);
  await sharing.byTestId('health-link-create').click();
  await expect(sharing.dialog().getByText(tooShort)).toHaveCount(0);
  const shown = sharing.byTestId('health-link-url');
  await expect(shown).toBeVisible();
  await expect(shown).toHaveText(/^http:\/\/localhost:\d+\/view\/[^#\s]+#shlink:\/[\w-]+$/);
  await expect(sharing.byTestId('health-link-qr')).toBeVisible();
  await expect(sharing.byTestId('health-link-copy')).toBeVisible();
  await expect(sharing.byTestId('health-link-expiry')).toHaveText('The link works until you revoke it.');
  const url = (await shown.textContent())!;

  await accessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await sharing.byTestId('health-link-made').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`health-link-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The receiving app (Node side): the payload, the manifest with the passcode, the bundle, WADO-RS.
  const payload = payloadOf(url);
  expect(payload).toMatchObject({ flag: 'P', label: LABEL, v: 1 });
  expect(payload.exp).toBeUndefined();
  expect(new URL(payload.url).pathname).toMatch(/^\/api\/shl\/[\w-]{43}$/);
  const manifest = (passcode: string) =>
    page.request.post(payload.url, { data: { recipient: 'Dr. Rivera, Lakeside Radiology', passcode } });

  const wrong = await manifest('wrong-pass');
  expect(wrong.status()).toBe(401);
  const right = await manifest(PASSCODE);
  expect(right.status()).toBe(200);
  const { files } = (await right.json()) as { files: Array<{ contentType: string; embedded: string }> };
  expect(files).toHaveLength(1);
  expect(files[0].contentType).toBe('application/fhir+json');
  const { plaintext, protectedHeader } = await compactDecrypt(
    files[0].embedded,
    Buffer.from(payload.key, 'base64url'),
  );
  expect(protectedHeader).toMatchObject({ alg: 'dir', enc: 'A256GCM' });
  const bundle = JSON.parse(new TextDecoder().decode(plaintext)) as { type: string; entry: Entry[] };
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  expect(bundle.entry.filter((e) => e.resource.resourceType === 'Patient')).toHaveLength(1);
  const studies = bundle.entry.filter((e) => e.resource.resourceType === 'ImagingStudy');
  expect(studies).toHaveLength(1);
  const study = studies[0].resource as unknown as {
    identifier: Array<{ value: string }>;
    endpoint: Array<{ reference: string }>;
  };
  expect(study.identifier[0].value).toMatch(/^urn:oid:[\d.]+$/);
  const studyUid = study.identifier[0].value.replace(/^urn:oid:/, '');
  const endpoint = bundle.entry.find((e) => e.fullUrl === study.endpoint[0].reference)!
    .resource as unknown as {
    resourceType: string;
    connectionType: { code: string };
    address: string;
    header: string[];
  };
  expect(endpoint.resourceType).toBe('Endpoint');
  expect(endpoint.connectionType.code).toBe('dicom-wado-rs');
  expect(endpoint.address).toBe(new URL('/api/dicomweb', baseURL).toString());
  const [name, authorization] = endpoint.header[0].split(/:\s*/, 2) as [string, string];
  expect(name).toBe('Authorization');
  expect(authorization).toMatch(/^Bearer \S+$/);
  const seriesUrl = `${endpoint.address}/studies/${studyUid}/series`;
  const readSeries = () =>
    page.request.get(seriesUrl, { headers: { authorization, accept: 'application/dicom+json' } });
  const series = await readSeries();
  expect(series.status()).toBe(200);
  expect(((await series.json()) as unknown[]).length).toBeGreaterThan(0);
  // The token is the credential: without it the same call is refused.
  expect(
    (await page.request.get(seriesUrl, { headers: { accept: 'application/dicom+json' } })).status(),
  ).toBe(401);

  // A person with the link in a browser of their own: the viewer page asks for the passcode.
  const person = await (await browser.newContext({ baseURL })).newPage();
  await person.goto(url);
  await expect(person.getByTestId('viewer-gate')).toBeVisible();
  await expect(person.getByText(MESSAGES.viewerPasswordTitle)).toBeVisible();
  await person.getByTestId('viewer-password').fill(PASSCODE);
  await person.getByTestId('viewer-continue').click();
  await new ViewerPage(person).ready();
  await person.context().close();

  // The patient revokes it under Public links: the manifest is gone, and the bundle's token with it.
  await sharing.byTestId('share-dialog-close').click();
  await expect(sharing.dialog()).toHaveCount(0);
  await page.goto('/patient/sharing-records');
  await expect(sharing.byTestId('public-links')).toBeVisible();
  const link = sharing.publicLinks().filter({ hasText: `SMART Health Link: ${LABEL}` });
  await expect(link).toHaveCount(1);
  await expect(link).toContainText('1 study');
  await link.getByTestId('public-link-revoke').click();
  await expect(sharing.byTestId('revoke-link')).toBeVisible();
  await expect(sharing.byTestId('revoke-link')).toContainText(`Revoke SMART Health Link: ${LABEL}`);
  await expect(sharing.byTestId('revoke-link-text')).toHaveText(MESSAGES.revokeLinkConfirm);
  await sharing.byTestId('revoke-link-confirm').click();
  await expect(page.getByText(MESSAGES.linkRevoked)).toBeVisible();
  await expect(link).toHaveCount(0);

  expect((await manifest(PASSCODE)).status()).toBe(404);
  await expect.poll(async () => (await readSeries()).status()).not.toBe(200);
});
