import { expect, type Page } from '@playwright/test';

/** The Share Records dialog (mfe-sharing, opened from My Records) and the Sharing pages. */
export class SharingPage {
  constructor(private readonly page: Page) {}

  byTestId(id: string) {
    return this.page.getByTestId(id);
  }

  dialog() {
    return this.byTestId('share-dialog');
  }

  async openTab(value: string) {
    await this.dialog().getByTestId(`share-tab-${value}`).click();
    await expect(this.dialog().getByTestId(`share-tab-${value}-panel`)).toBeVisible();
  }

  /** Fills the invite form (open) for a person; limited access to the record the dialog is about is preset, unless `access` is 'all'. */
  async invite(person: {
    firstName: string;
    lastName: string;
    email: string;
    relationship: string;
    access?: 'all';
  }) {
    const form = this.byTestId('invite-form');
    await form.getByTestId('invite-firstName').fill(person.firstName);
    await form.getByTestId('invite-lastName').fill(person.lastName);
    await form.getByTestId('invite-email').fill(person.email);
    await form.getByTestId('invite-relationship').click();
    await this.page.getByRole('option', { name: person.relationship }).click();
    if (person.access === 'all') await form.getByTestId('invite-access-all').check();
    await form.getByTestId('invite-submit').click();
  }

  /** The person's card on the people list. */
  person(email: string) {
    return this.byTestId('sharing-person').filter({ hasText: email });
  }

  /** The revocable public links (printed pages, facility shares) on the people list. */
  publicLinks() {
    return this.byTestId('public-link');
  }
}
