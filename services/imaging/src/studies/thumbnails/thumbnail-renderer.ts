import * as path from 'node:path';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { WorkerThread } from '@portal/server-kit';
import { NoPreview, type Thumbnail, THUMBNAIL_SIZE } from './render-thumbnail';

/** A render that takes longer than this is given up (the thread is restarted) and answered as no preview. */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * Renders thumbnails in one worker thread (render-thumbnail.ts runs there), so decoding a large or
 * compressed DICOM file never holds the event loop; renders queue in the thread one after another. A
 * thread that dies or hangs is replaced on the next render, and what it had is answered as no preview.
 */
@Injectable()
export class ThumbnailRenderer implements OnModuleDestroy {
  private readonly thread = new WorkerThread({
    name: 'thumbnail',
    timeoutMs: RENDER_TIMEOUT_MS,
    failure: (why) => new NoPreview(`rendering stopped: ${why}`),
    rebuild: (e) => (e.name === 'NoPreview' ? new NoPreview(e.message) : new Error(e.message)),
  });

  /** Draws the frame (0-based; the first by default) to fit in a square of `size` pixels. */
  async render(dicom: Buffer, size = THUMBNAIL_SIZE, frame = 0): Promise<Thumbnail> {
    // A copy of its own for the thread (callers may still hold the file's buffer): the copy is moved, not cloned.
    const bytes = new Uint8Array(dicom);
    const t = await this.thread.run<{ png: Uint8Array; width: number; height: number }>(
      path.join(__dirname, 'render-thumbnail'),
      'renderThumbnail',
      [bytes, size, frame],
      [bytes.buffer],
    );
    return {
      png: Buffer.from(t.png.buffer, t.png.byteOffset, t.png.byteLength),
      width: t.width,
      height: t.height,
    };
  }

  onModuleDestroy(): Promise<void> {
    return this.thread.close();
  }
}
