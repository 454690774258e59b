import { IDENTITY_IMAGE_TYPES, MAX_IDENTITY_IMAGE_BYTES } from '@portal/contracts';
import { sniffContentType } from '@portal/server-kit';
import { imageTooLarge, invalidImage } from '../auth.errors';

export type ImageKind = 'photo' | 'signature';
export interface DecodedImage {
  content: Buffer;
  mimeType: string;
}

/**
 * A government ID photo or a signature sent as base64 (a data: URL prefix is allowed). The type is
 * decided by the bytes, never by the prefix: only PNG, JPEG and WebP pass.
 */
export const decodeImage = async (value: string): Promise<DecodedImage> => {
  const base64 = value.replace(/^data:[^;,]*;base64,/, '');
  // Looks for one character outside base64 rather than matching the whole text: a quantified match over
  // megabytes can exhaust the regex engine's stack (a RangeError, so a 500) on a 5 MB image.
  if (!base64 || /[^A-Za-z0-9+/=\s]/.test(base64)) throw invalidImage();
  const content = Buffer.from(base64, 'base64');
  if (content.length > MAX_IDENTITY_IMAGE_BYTES) throw imageTooLarge();
  const mimeType = await sniffContentType(content.subarray(0, 4100));
  if (!mimeType || !(IDENTITY_IMAGE_TYPES as readonly string[]).includes(mimeType)) throw invalidImage();
  return { content, mimeType };
};

/** Decodes every image given, so a bad one fails before any is stored. */
export const decodeImages = async (
  images: Partial<Record<ImageKind, string | null | undefined>>,
): Promise<Array<DecodedImage & { kind: ImageKind }>> =>
  Promise.all(
    (Object.entries(images) as [ImageKind, string | null | undefined][])
      .filter(([, v]) => v)
      .map(async ([kind, v]) => ({ kind, ...(await decodeImage(v!)) })),
  );
