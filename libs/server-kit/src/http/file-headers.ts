/**
 * What a user's file (an uploaded report, a facility's delivery, a page we made from one) may do when a
 * browser opens it from the portal's origin: nothing. `sandbox` gives it an opaque origin with no scripts,
 * forms or popups, so a PDF with /OpenAction JavaScript or a PDF/HTML polyglot cannot act as the portal;
 * it loads nothing but its own inline styles and images, and only the portal may frame it. Chromium's PDF
 * viewer renders under it (checked in the record view's journey).
 */
export const USER_FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** A file name that cannot break out of its quotes or the header. */
const headerSafeName = (name: string): string => name.replace(/[^\w.\- ()]/g, '_');

/** The headers of a user's file opened inline: its checked type (never sniffed), the sandbox, no caching. */
export const userFileHeaders = (contentType: string, fileName: string): Record<string, string> => ({
  'content-type': contentType === 'text/html' ? 'text/html; charset=utf-8' : contentType,
  'content-disposition': `inline; filename="${headerSafeName(fileName)}"`,
  'content-security-policy': USER_FILE_CSP,
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
});
