import { publicViewerPath, type ViewerLinkSummary } from '@portal/contracts';
import type { ViewerLinkRepository } from './viewer-link.repository';

type ListedLink = Awaited<ReturnType<ViewerLinkRepository['listByOwner']>>[number];
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A link as the owner sees it: its absolute public url (for the QR code and mails), never its password. */
export const toLinkSummary = (l: ListedLink, publicUrl: string): ViewerLinkSummary => ({
  id: l.id,
  url: new URL(publicViewerPath(l.id), publicUrl).toString(),
  studyInstanceUids: l.studies,
  need_password: l.need_password,
  created_at: new Date(l.created_at).toISOString(),
  expires_at: iso(l.expires_at),
  revoked: l.revoked,
  purpose: l.purpose as ViewerLinkSummary['purpose'],
  recipient: l.recipient,
  last_opened_at: iso(l.last_opened_at),
  open_count: l.open_count,
});
