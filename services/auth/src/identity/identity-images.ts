import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { IDENTITY_IMAGE_TYPES, MAX_IDENTITY_IMAGE_BYTES, MESSAGES } from '@portal/contracts';
import { AppError, sniffContentType } from '@portal/server-kit';

export type ImageKind = 'photo' | 'signature';

/**
 * A government ID photo or a signature sent as base64 (a data: URL prefix is allowed). The type is
 * decided by the bytes, never by the prefix: only PNG, JPEG and WebP pass.
 */
export const decodeImage = async (value: string): Promise<{ content: Buffer; mimeType: string }> => {
  const base64 = value.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) throw new AppError('FILE.INVALID_TYPE', MESSAGES.chooseValidImage);
  const content = Buffer.from(base64, 'base64');
  if (content.length > MAX_IDENTITY_IMAGE_BYTES) throw new AppError('FILE.TOO_LARGE', 'The image is larger than 5 MB');
  const mimeType = await sniffContentType(content.subarray(0, 4100));
  if (!mimeType || !(IDENTITY_IMAGE_TYPES as readonly string[]).includes(mimeType)) throw new AppError('FILE.INVALID_TYPE', MESSAGES.chooseValidImage);
  return { content, mimeType };
};

/** Decodes every image first, so a bad one stores none; then replaces the person's images of those kinds. */
export const storeImages = async (tx: EntityManager, personId: string, images: Partial<Record<ImageKind, string | null | undefined>>): Promise<void> => {
  const decoded = await Promise.all(
    (Object.entries(images) as [ImageKind, string | null | undefined][]).filter(([, v]) => v).map(async ([kind, v]) => ({ kind, ...(await decodeImage(v!)) })),
  );
  for (const { kind, content, mimeType } of decoded) {
    await tx.query(
      `INSERT INTO auth.person_images (person_id, kind, mime_type, content, sha256) VALUES ($1,$2,$3,$4,$5)
       ON CONFLICT (person_id, kind) DO UPDATE SET mime_type = excluded.mime_type, content = excluded.content, sha256 = excluded.sha256, created_at = now()`,
      [personId, kind, mimeType, content, createHash('sha256').update(content).digest('hex')],
    );
  }
};

export const readPhoto = async (tx: EntityManager, personId: string): Promise<{ content: string; mimeType: string } | null> => {
  const [row]: Array<{ content: Buffer; mime_type: string }> = await tx.query(`SELECT content, mime_type FROM auth.person_images WHERE person_id = $1 AND kind = 'photo'`, [personId]);
  return row ? { content: row.content.toString('base64'), mimeType: row.mime_type } : null;
};
