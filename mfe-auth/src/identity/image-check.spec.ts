/**
 * @jest-environment node
 */
// Pure byte checks: Node has File, TextEncoder and btoa; jsdom lacks the first two.
import { readIdentityImage, sniffImage } from './image-check';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('identity image check', () => {
  it('knows PNG, JPEG and WebP by their bytes and nothing else', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('GIF89a'))).toBeNull();
  });

  it('refuses a PDF named .png and reads a real PNG as a data URL of its real type', async () => {
    expect(
      await readIdentityImage(
        new File([new TextEncoder().encode('%PDF-1.7 fake')], 'licence.png', { type: 'image/png' }),
      ),
    ).toBeNull();
    expect(await readIdentityImage(new File([PNG], 'licence.jpg', { type: 'image/jpeg' }))).toMatch(
      /^data:image\/png;base64,iVBORw0KGgo/,
    );
  });
});
