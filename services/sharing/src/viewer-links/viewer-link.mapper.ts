import type { EventPayloads } from '@portal/contracts';
import type { ViewerLink, ViewerLinkStudy } from './viewer-link.repository';

/** The announcement of a link as it now stands (imaging keeps a projection of it). */
export const toLinkSaved = (
  link: ViewerLink,
  studies: ViewerLinkStudy[],
): EventPayloads['sharing.viewer-link-saved'] => ({
  linkId: link.id,
  ownerUserId: link.ownerUserId,
  studyInstanceUids: studies.map((s) => s.studyInstanceUid),
  expiresAt: link.expiresAt ? new Date(link.expiresAt).toISOString() : null,
  revoked: link.revoked,
  version: Number(link.version),
});
