import { createHash, randomBytes } from 'node:crypto';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** 256 random bits, URL-safe: refresh tokens and mailed links. Only their sha256 is ever stored. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
