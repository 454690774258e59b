import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../tokens';
import type { PortalConfig } from '../config';
import { badRequest } from '../errors/app-error';
import { openToken, sealingKey, sealToken, viewerSecret } from './viewer-tokens';

const ISSUER = 'portal-invitation';

/** What a sharing invitation says: who was invited, by whom, as which shared person. */
export interface InvitationClaims {
  /** The shared person's id in sharing. */
  recipientId: string;
  ownerUserId: string;
  /** The invited address, lower case: sign-up with the invitation must use it. */
  email: string;
}

/**
 * Invitation tokens: sharing signs one into each invitation link; auth verifies it at sign-up to give the
 * new account the EXTERNAL_VIEWER role, with no read of sharing's tables (the installation's shared key,
 * as for viewer tokens, under another issuer so neither token passes as the other).
 */
@Injectable()
export class InvitationTokens {
  private readonly key: Uint8Array;

  constructor(@Inject(CONFIG) config: Pick<PortalConfig, 'dataDir' | 'viewerTokenSecret'>) {
    this.key = sealingKey(viewerSecret(config));
  }

  /** Sealed (viewer-tokens.ts): the mailed link does not show who shared or their user id. */
  sign(claims: InvitationClaims, ttlSeconds: number): Promise<string> {
    return sealToken(this.key, ISSUER, { ...claims }, ttlSeconds);
  }

  /** The claims of a valid invitation; a 400 with the caller's message for a forged or expired one. */
  async verify(token: string, message: string): Promise<InvitationClaims> {
    try {
      const payload = await openToken(this.key, ISSUER, token);
      const { recipientId, ownerUserId, email } = payload as unknown as InvitationClaims;
      if (typeof recipientId !== 'string' || typeof ownerUserId !== 'string' || typeof email !== 'string')
        throw new Error('claims');
      return { recipientId, ownerUserId, email };
    } catch {
      throw badRequest(message);
    }
  }
}
