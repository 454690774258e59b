import { expect, type Page } from '@playwright/test';
import { LoginPage } from './login.page';

/** My Records and Imaging (mfe-records) and its record view. */
export class RecordsPage {
  constructor(private readonly page: Page) {}

  byTestId(id: string) {
    return this.page.getByTestId(id);
  }

  async signIn(email = 'patient@example.com') {
    const login = new LoginPage(this.page);
    await login.open();
    await login.signIn(email);
    await expect(this.page).toHaveURL(/\/patient\/my-records\/all-requests$/);
  }

  tab(route: string) {
    return this.byTestId(`tab-${route}`);
  }

  /** Record cards (studies and documents) in the order shown. */
  cards() {
    return this.page.locator('[data-testid="study-card"], [data-testid="document-card"]');
  }

  card(name: string) {
    return this.cards().filter({
      has: this.page.getByTestId('record-name').getByText(name, { exact: true }),
    });
  }

  rows() {
    return this.byTestId('record-row');
  }

  /** Once the page is mounted and the grid protocol has delivered every chunk. */
  async settled() {
    await expect(this.byTestId('my-records')).toBeVisible();
    await expect(this.byTestId('records-loading')).toHaveCount(0);
  }

  /**
   * Load More until every card shows: the demo library has 13 records, 4 at first, and which come
   * first depends on the order their studies were indexed in.
   */
  async showAllCards() {
    const more = this.byTestId('records-load-more');
    while (await more.count()) await more.click();
  }
}
