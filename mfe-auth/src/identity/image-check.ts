import { IDENTITY_IMAGE_TYPES, MAX_IDENTITY_IMAGE_BYTES } from '@portal/contracts';

/** The image type its first bytes show (PNG, JPEG or WebP), whatever the file is called. */
export const sniffImage = (head: Uint8Array): (typeof IDENTITY_IMAGE_TYPES)[number] | null => {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
};

/** A data URL of the file when it is a PNG, JPEG or WebP image no larger than the limit, else null. */
export const readIdentityImage = async (file: File): Promise<string | null> => {
  if (file.size > MAX_IDENTITY_IMAGE_BYTES) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImage(bytes.subarray(0, 16));
  if (!type) return null;
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
};
