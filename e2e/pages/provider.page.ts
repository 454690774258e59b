import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { LoginPage } from './login.page';

/** The provider area of mfe-provider: the data requests list and a request's detail. */
export class ProviderPage {
  constructor(private readonly page: Page) {}

  async signIn(email = 'provider@example.com') {
    const login = new LoginPage(this.page);
    await login.open();
    await login.signIn(email);
    await expect(this.page).toHaveURL(/\/provider\/all-records$/);
  }

  byTestId(id: string) {
    return this.page.getByTestId(id);
  }

  /** The data requests list, then that request opened from its row. */
  async openRequest(patientRequestId: string, title = 'Request detail: Garcia, Maria') {
    await this.page.goto('/provider/external-requests');
    await this.page
      .locator(`[data-request-id="${patientRequestId}"]`)
      .getByTestId('data-request-open')
      .click();
    await expect(this.byTestId('request-detail-title')).toHaveText(title);
  }

  tab(mnemonic: string) {
    return this.byTestId(`document-request-tab-${mnemonic}`);
  }

  documents() {
    return this.byTestId('provider-document-row');
  }

  timeline() {
    return this.byTestId('provider-timeline-entry');
  }

  /** The row of a request in the data requests list. */
  inboxRow(patientRequestId: string) {
    return this.page.locator(`[data-request-id="${patientRequestId}"]`);
  }

  /** The welcome page's grid, then the record of a delivered request opened by its View button (a study, or the named document). */
  async openRecord(patientRequestId: string, kind: 'study' | string) {
    await this.page.goto('/provider/all-records?grid=true');
    const views = this.page.locator(`a[data-testid="provider-record-view"][href*="/${patientRequestId}/"]`);
    await expect(views.first()).toBeVisible();
    const view =
      kind === 'study'
        ? this.page.locator('[data-testid="provider-record-row"]', { hasText: 'Images' }).locator(views)
        : views.and(this.page.getByLabel(`View ${kind}`));
    await view.first().click();
    await expect(this.page).toHaveURL(
      new RegExp(`/provider/view-request-report-details/${patientRequestId}/`),
    );
  }

  /** The page is no wider than the window: nothing scrolls sideways. */
  async expectFitsWidth() {
    await expect
      .poll(() => this.page.evaluate(() => document.scrollingElement!.scrollWidth))
      .toBeLessThanOrEqual(this.page.viewportSize()!.width);
  }

  /** Drops files on the drop zone the way a browser does: a DataTransfer of File objects. */
  async dropFiles(files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
    const dataTransfer = await this.page.evaluateHandle(
      (list) => {
        const dt = new DataTransfer();
        for (const f of list)
          dt.items.add(
            new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.mimeType }),
          );
        return dt;
      },
      files.map((f) => ({ name: f.name, mimeType: f.mimeType, b64: f.buffer.toString('base64') })),
    );
    await this.byTestId('provider-dropzone').dispatchEvent('dragenter', { dataTransfer });
    await this.byTestId('provider-dropzone').dispatchEvent('dragover', { dataTransfer });
    await this.byTestId('provider-dropzone').dispatchEvent('drop', { dataTransfer });
  }
}

/** The id of a demo patient request (libs/server-kit's demoId scheme), to find it among many. */
export const demoRequestId = (key: string): string => {
  const h = createHash('sha256').update(`portal-demo:patient-request:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
