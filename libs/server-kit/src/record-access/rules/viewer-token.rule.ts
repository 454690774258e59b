import type { ViewerGrant } from '@portal/contracts';

/** What a viewer token was issued on, so what must still hold for it to be honoured. */
export type TokenBasis =
  | { kind: 'owner' }
  | { kind: 'link'; linkId: string }
  | { kind: 'delivery'; patientRequestId: string }
  | { kind: 'share'; viewerUserId: string }
  | { kind: 'mailed-share'; recipientId: string };

/**
 * The viewer-token rule: a facility's token stands on its delivery, a public page's on its link, the
 * owner's own on nothing more, a shared person's on their grant (by account, or by sharing's person id
 * for a mailed link, `recipient:<id>`).
 */
export const tokenBasis = (grant: ViewerGrant): TokenBasis => {
  if (grant.delivery) return { kind: 'delivery', patientRequestId: grant.delivery };
  if (grant.link || grant.sub.startsWith('link:'))
    return { kind: 'link', linkId: grant.link ?? grant.sub.slice('link:'.length) };
  if (grant.sub === grant.owner) return { kind: 'owner' };
  if (grant.sub.startsWith('recipient:'))
    return { kind: 'mailed-share', recipientId: grant.sub.slice('recipient:'.length) };
  return { kind: 'share', viewerUserId: grant.sub };
};

/** A token reads only the studies it was issued for. */
export const tokenCovers = (grant: Pick<ViewerGrant, 'studies'>, studyUid: string): boolean =>
  grant.studies.includes(studyUid);
