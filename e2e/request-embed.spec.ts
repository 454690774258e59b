import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { EmbedSitePage } from './pages/embed.page';
import { WizardPage } from './pages/wizard.page';

const { serveEmbedSample } = require('./embed-sample.cjs') as {
  serveEmbedSample: (o: { port: number; portal: string }) => Promise<Server>;
};
const servers = require('./servers.cjs') as Record<string, { port: number }>;

const SITE_PORT = 8190;
const SITE = `http://localhost:${SITE_PORT}`;
const PORTAL = `http://localhost:${servers.main.port}`;
const PURPLE = 'rgb(128, 0, 128)';

let site: Server;
test.beforeAll(async () => {
  site = await serveEmbedSample({ port: SITE_PORT, portal: PORTAL });
});
test.afterAll(async () => {
  await new Promise((r) => site.close(r));
});

/** The demo facility the sample site belongs to, as the public facility search finds it. */
const lakesideId = async (request: import('@playwright/test').APIRequestContext) => {
  const res = await request.get(`${PORTAL}/api/facility/getCustodians?filterStr=Lakeside`);
  expect(res.ok()).toBe(true);
  const [facility] = (await res.json()) as Array<{ id: string; name: string }>;
  expect(facility.name).toBe('Lakeside Radiology');
  return facility.id;
};

test("a facility's own site shows the external wizard at its consent step, untouched by the site's CSS", async ({
  page,
  request,
}) => {
  const failedCalls: string[] = [];
  page.on('requestfailed', (r) => failedCalls.push(r.url()));
  const embed = new EmbedSitePage(page, SITE);
  await embed.open(await lakesideId(request));

  // The host page's own CSS applies to its own elements...
  await expect(page.getByTestId('host-text')).toHaveCSS('color', PURPLE);
  // ...and the wizard appears right after the script tag, in a shadow root, at the external consent step.
  await expect(embed.step('consent')).toBeVisible();
  expect(await embed.host().evaluate((el) => el.previousElementSibling?.tagName)).toBe('SCRIPT');
  expect(await embed.host().evaluate((el) => el.shadowRoot?.mode)).toBe('open');
  const style = await embed.styleOf('step-consent');
  expect(style.color).not.toBe(PURPLE);
  expect(style.font).not.toMatch(/^serif$/);
  // The wizard's calls went to the portal and passed its CORS allowlist.
  expect(failedCalls).toEqual([]);
});

test("the embedded wizard on the facility's site completes a request", async ({ page, request }) => {
  const failedCalls: string[] = [];
  page.on('requestfailed', (r) => failedCalls.push(r.url()));
  const embed = new EmbedSitePage(page, SITE);
  await embed.open(await lakesideId(request));
  const wizard = new WizardPage(page, embed.host());

  await wizard.expectStep('consent', 'Step 1 of 8');
  await wizard.consent();
  await wizard.expectStep('external-user-email', 'Step 2 of 8');
  await wizard.createAccount(`embedded.${Date.now()}@example.com`, 'Embedded-Pass-1');

  await wizard.externalSelfRequest({
    firstName: 'Emil',
    lastName: 'Embed',
    month: 'July',
    day: '1',
    year: '1979',
    phone: '3125550142',
  });
  // The host page stays the facility's: the wizard moved in its own memory router; its way on to the
  // patient's records is a link to the portal itself.
  expect(new URL(page.url()).origin).toBe(SITE);
  await expect(wizard.byTestId('wizard-next')).toHaveAttribute(
    'href',
    `${PORTAL}/patient/my-records/all-requests`,
  );
  expect(failedCalls).toEqual([]);
});

test("on a site the facility has not allowlisted: one clear message with the way to the portal's own form, no error toasts", async ({
  page,
  request,
}) => {
  // The same page, served from an origin outside every facility's allowlist: the portal gives it no CORS answer.
  const stranger = await serveEmbedSample({ port: SITE_PORT + 1, portal: PORTAL });
  try {
    const id = await lakesideId(request);
    const embed = new EmbedSitePage(page, `http://localhost:${SITE_PORT + 1}`);
    await embed.open(id);
    const blocked = embed.host().getByTestId('embed-blocked');
    await expect(blocked).toContainText('The request form cannot open on this website');
    await expect(blocked.getByTestId('embed-open-portal')).toHaveAttribute(
      'href',
      `${PORTAL}/external-request/${id}/consent`,
    );
    await expect(embed.step('consent')).toHaveCount(0);
    await expect(embed.host().locator('.notistack-MuiContent')).toHaveCount(0);
  } finally {
    await new Promise((r) => stranger.close(r));
  }
});
