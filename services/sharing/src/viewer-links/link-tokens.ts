import { Injectable } from '@nestjs/common';
import { DOWNLOAD_TOKEN_TTL_SECONDS, VIEWER_TOKEN_TTL_SECONDS, type ViewerGrant } from '@portal/contracts';
import { ViewerTokens } from '@portal/server-kit';
import type { ViewerLink } from './viewer-link.repository';

/** A token never outlives its link: at most the standard lifetime, at most the seconds until the link expires. */
export const ttlFor = (standard: number, expiresAt: Date | null, now = Date.now()): number =>
  expiresAt
    ? Math.max(1, Math.min(standard, Math.floor((new Date(expiresAt).getTime() - now) / 1000)))
    : standard;

/** The viewer tokens of a public link: `link:<id>` as subject, the owner's studies of the link, the link itself (imaging checks it on every call). */
@Injectable()
export class LinkTokens {
  constructor(private readonly tokens: ViewerTokens) {}

  sign(link: ViewerLink, studies: string[], purpose: ViewerGrant['purpose']): Promise<string> {
    const standard = purpose === 'view' ? VIEWER_TOKEN_TTL_SECONDS : DOWNLOAD_TOKEN_TTL_SECONDS;
    return this.tokens.sign(
      { sub: `link:${link.id}`, owner: link.ownerUserId, studies, link: link.id, purpose },
      ttlFor(standard, link.expiresAt),
    );
  }

  /** Whether the view token is one of this link's (a forged, expired or other link's token is not). */
  async opens(token: string | undefined, linkId: string): Promise<boolean> {
    if (!token) return false;
    const grant = await this.tokens.verify(token, 'view').catch(() => null);
    return grant?.link === linkId;
  }

  /** The grant of a view token; 401 for one that does not verify. */
  grantOf(token: string): Promise<ViewerGrant> {
    return this.tokens.verify(token, 'view');
  }
}
