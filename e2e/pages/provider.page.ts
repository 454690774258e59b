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

  /** The data requests list, then the request of that patient (last name, first name) opened. */
  async openRequest(patient: string, recordsRequested?: string) {
    await this.page.goto('/provider/external-requests');
    let row = this.page.getByTestId('data-request-row').filter({ hasText: patient });
    if (recordsRequested) row = row.filter({ hasText: recordsRequested });
    await row.first().getByTestId('data-request-open').click();
    await expect(this.byTestId('request-detail-title')).toHaveText(`Request detail: ${patient}`);
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

  /** Drops files on the drop zone the way a browser does: a DataTransfer of File objects. */
  async dropFiles(files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
    const dataTransfer = await this.page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.mimeType }));
      return dt;
    }, files.map((f) => ({ name: f.name, mimeType: f.mimeType, b64: f.buffer.toString('base64') })));
    await this.byTestId('provider-dropzone').dispatchEvent('dragenter', { dataTransfer });
    await this.byTestId('provider-dropzone').dispatchEvent('dragover', { dataTransfer });
    await this.byTestId('provider-dropzone').dispatchEvent('drop', { dataTransfer });
  }
}
