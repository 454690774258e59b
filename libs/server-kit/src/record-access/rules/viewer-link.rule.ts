/** A public viewer link's state, as sharing keeps it and imaging projects it. */
export interface LinkState {
  revoked: boolean;
  expiresAt: Date | string | null;
}

/** The viewer-link rule: a link opens while it is neither revoked nor expired. */
export const linkOpens = (link: LinkState | null | undefined, now: Date): link is LinkState =>
  !!link && !link.revoked && (link.expiresAt === null || new Date(link.expiresAt).getTime() > now.getTime());
