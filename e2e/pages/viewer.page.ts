import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** What the viewport's canvas shows: the spread of its grey levels (0 for a blank canvas) and a digest. */
export interface CanvasStats {
  variance: number;
  digest: string;
}

/** The imaging viewer (mfe-viewer's ImagingViewer) wherever it is mounted, and the public /view/{id} page. */
export class ViewerPage {
  constructor(private readonly page: Page) {}

  byTestId(id: string) {
    return this.page.getByTestId(id);
  }

  viewer(): Locator {
    return this.byTestId('imaging-viewer');
  }

  /** The canvas of the viewport (`compare-viewport` for the second one of side by side). */
  canvas(viewport = 'viewer-viewport'): Locator {
    return this.byTestId(viewport).locator('canvas').first();
  }

  /** Waits for the first image drawn and every image of the series loaded (the viewer's own attributes). */
  async ready() {
    await expect(this.viewer()).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const [loaded, total] = await Promise.all([
            this.viewer().getAttribute('data-loaded'),
            this.viewer().getAttribute('data-total'),
          ]);
          return Number(total) > 0 && loaded === total;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect
      .poll(() => this.page.evaluate(() => performance.getEntriesByName('viewer:first-image').length))
      .toBeGreaterThan(0);
  }

  /** Reads the canvas pixels (a sample grid, enough to tell images apart) in the page. */
  async canvasStats(viewport?: string): Promise<CanvasStats> {
    return this.canvas(viewport).evaluate((node) => {
      const canvas = node as HTMLCanvasElement;
      const ctx = canvas.getContext('2d');
      if (!ctx || !canvas.width || !canvas.height) return { variance: 0, digest: '' };
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const step = Math.max(1, Math.floor(data.length / 4 / 4096));
      let sum = 0;
      let sumSq = 0;
      let n = 0;
      let digest = 0;
      for (let p = 0; p < data.length / 4; p += step) {
        const grey = (data[p * 4] + data[p * 4 + 1] + data[p * 4 + 2]) / 3;
        sum += grey;
        sumSq += grey * grey;
        n += 1;
        digest = (digest * 31 + Math.round(grey)) % 1_000_000_007;
      }
      const mean = sum / n;
      return { variance: sumSq / n - mean * mean, digest: String(digest) };
    });
  }

  /** The canvas as drawn once the frame counter shows `frame` (the render follows the counter). */
  async frameShown(frame: string): Promise<CanvasStats> {
    await expect(this.byTestId('viewer-frame')).toHaveText(frame);
    let last: CanvasStats = { variance: 0, digest: '' };
    // The draw is asynchronous to the counter: wait until two reads agree and the canvas is not blank.
    await expect
      .poll(async () => {
        const now = await this.canvasStats();
        const settled = now.digest === last.digest && now.variance > 0;
        last = now;
        return settled;
      })
      .toBe(true);
    return last;
  }

  async frameCount(): Promise<number> {
    const text = (await this.byTestId('viewer-frame').textContent()) ?? '';
    return Number(text.split('/')[1]);
  }

  async axeViolations(name: string): Promise<string[]> {
    return (
      await new AxeBuilder({ page: this.page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    ).violations.map((v) => `${name}: ${v.id} (${v.nodes.length})`);
  }
}
