import { randomBytes } from 'node:crypto';
import { CompactEncrypt } from 'jose';
import { type HealthLinkPayload, SHARING_API } from '@portal/contracts';

/** 256 random bits, base64url: a manifest id (SHL: "at least 256 bits of entropy") or a bundle key. */
export const random256 = (): string => randomBytes(32).toString('base64url');

/** `shlink:/` and the base64url JSON payload (SMART Health Links 1.0, "Construct a SHLink Payload"). */
export const shlinkOf = (p: {
  publicUrl: string;
  id: string;
  key: string;
  expiresAt: Date | null;
  label: string | null;
}): string => {
  const payload: HealthLinkPayload = {
    url: new URL(SHARING_API.healthLinkManifest(p.id), p.publicUrl).toString(),
    key: p.key,
    ...(p.expiresAt ? { exp: Math.floor(p.expiresAt.getTime() / 1000) } : {}),
    flag: 'P',
    ...(p.label ? { label: p.label.slice(0, 80) } : {}),
    v: 1,
  };
  return `shlink:/${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
};

/** A manifest file: the content encrypted with the link's key (JWE compact, dir + A256GCM, its type in cty). */
export const encryptFile = (content: unknown, key: string): Promise<string> =>
  new CompactEncrypt(new TextEncoder().encode(JSON.stringify(content)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: 'application/fhir+json' })
    .encrypt(Buffer.from(key, 'base64url'));
