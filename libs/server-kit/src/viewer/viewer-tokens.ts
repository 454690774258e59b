import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose';
import { MESSAGES, type ViewerGrant } from '@portal/contracts';
import { CONFIG } from '../tokens';
import type { PortalConfig } from '../config';
import { unauthenticated } from '../errors/app-error';

const ISSUER = 'portal-viewer';

/** The key every process of one installation shares: VIEWER_TOKEN_SECRET, else one kept once under .data/. */
export const viewerSecret = (config: Pick<PortalConfig, 'dataDir' | 'viewerTokenSecret'>): Uint8Array => {
  const fromEnv = config.viewerTokenSecret;
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(config.dataDir, 'viewer.secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch {
    /* already there */
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
};

/** The 256-bit key of sealed tokens, from the installation's shared secret (any length). */
export const sealingKey = (secret: Uint8Array): Uint8Array =>
  new Uint8Array(createHash('sha256').update(secret).digest());

/**
 * A sealed token: a JWT encrypted and authenticated with the installation's key (JWE, dir + A256GCM),
 * so whoever holds it (a browser, a mail, a URL in a log) can use it but cannot read whose studies it
 * opens: no user id, study or address is in clear. Forged, altered, expired or of another issuer: refused.
 */
export const sealToken = (
  key: Uint8Array,
  issuer: string,
  claims: JWTPayload,
  ttlSeconds: number,
): Promise<string> =>
  new EncryptJWT(claims)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .encrypt(key);

export const openToken = async (key: Uint8Array, issuer: string, token: string): Promise<JWTPayload> =>
  (
    await jwtDecrypt(token, key, {
      issuer,
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    })
  ).payload;

/**
 * Viewer tokens (records spec §7, "image-viewer-token"): a short-lived sealed token naming the studies
 * it opens and whose instances they are (readable by the portal alone). Imaging issues them to signed-in users, sharing to holders of a
 * public link; imaging verifies them on every viewer and DICOMweb call. A token is a capability for its
 * studies only: any other study answers 403.
 */
@Injectable()
export class ViewerTokens {
  private readonly key: Uint8Array;

  constructor(@Inject(CONFIG) config: Pick<PortalConfig, 'dataDir' | 'viewerTokenSecret'>) {
    this.key = sealingKey(viewerSecret(config));
  }

  sign(grant: ViewerGrant, ttlSeconds: number): Promise<string> {
    return sealToken(this.key, ISSUER, { ...grant }, ttlSeconds);
  }

  /** The grant of a valid token for the purpose; 401 for a forged, expired or other-purpose one. */
  async verify(token: string, purpose: ViewerGrant['purpose']): Promise<ViewerGrant & { exp: number }> {
    try {
      const payload = await openToken(this.key, ISSUER, token);
      const grant = {
        sub: payload.sub!,
        owner: payload.owner,
        studies: payload.studies,
        link: payload.link,
        delivery: payload.delivery,
        purpose: payload.purpose,
        exp: payload.exp!,
      } as ViewerGrant & { exp: number };
      if (grant.purpose !== purpose || typeof grant.owner !== 'string' || !Array.isArray(grant.studies))
        throw new Error('wrong token');
      return grant;
    } catch {
      throw unauthenticated(
        purpose === 'download'
          ? MESSAGES.downloadLinkExpired
          : 'The viewer link has expired. Please open it again.',
      );
    }
  }
}
