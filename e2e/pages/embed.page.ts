import type { Page } from '@playwright/test';

/** A facility's site with the portal's embed tag; the wizard lives in the open shadow root after the tag. */
export class EmbedSitePage {
  constructor(
    private readonly page: Page,
    private readonly siteUrl: string,
  ) {}

  open(facilityId: string) {
    return this.page.goto(`${this.siteUrl}/?facility=${encodeURIComponent(facilityId)}`);
  }

  /** The element the shadow root is attached to (Playwright's locators pierce open shadow roots). */
  host() {
    return this.page.locator('[data-portal-embed]');
  }

  step(name: string) {
    return this.host().getByTestId(`step-${name}`);
  }

  /** Computed colour and font of an element inside the embedded wizard. */
  styleOf(testId: string) {
    return this.host()
      .getByTestId(testId)
      .first()
      .evaluate((el) => ({ color: getComputedStyle(el).color, font: getComputedStyle(el).fontFamily }));
  }
}
