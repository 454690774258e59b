import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * What a file served by the portal (an uploaded report, a facility's delivery, a page or a picture we
 * made from one) may do when a browser opens it from the portal's origin: nothing. `sandbox` gives it
 * an opaque origin with no scripts, forms or popups, so a PDF with /OpenAction JavaScript or a PDF/HTML
 * polyglot cannot act as the portal; it loads nothing but its own inline styles and images, and only
 * the portal may frame it. Chromium's PDF viewer renders under it (checked in the record view's
 * journey). A download (`attachment`) is not held back by it: browsers decide a download by the
 * sandbox of the frame that navigates, not by the policy of the answer.
 */
export const USER_FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

const MAX_FILE_NAME = 120;
/** Anything but letters, digits and marks of any script, space and . ( ) + _ - (a run of it is one '_'). */
const UNSAFE = /[^\p{L}\p{M}\p{N} .()+_-]+/gu;
const EDGES = /^[ ._]+|[ ._]+$/g;
const EXTENSION = /\.[\p{L}\p{N}]{1,10}$/u;

/**
 * The one sanitiser of names that come from outside (an uploaded file's name, a DICOM description, a
 * patient's name, a record's title) before they name a file: in a Content-Disposition header, a zip
 * entry or a disc image. Folders, control and format characters, quotes and the characters file
 * systems reserve become '_', so the name can neither climb out of a folder nor out of its header;
 * no '..', no leading or trailing dot, space or '_' (no hidden file); at most 120 characters with the
 * extension kept; `fallback` when nothing is left. Letters of every script stay: the header carries
 * them in filename*, and zip and Joliet names are Unicode.
 */
export const safeFileName = (name: string, fallback: string): string => {
  const clean = name
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/\.{2,}/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(EDGES, '');
  const chars = [...clean];
  if (chars.length <= MAX_FILE_NAME) return clean || fallback;
  const extension = EXTENSION.exec(clean)?.[0] ?? '';
  return `${chars
    .slice(0, MAX_FILE_NAME - extension.length)
    .join('')
    .replace(EDGES, '')}${extension}`;
};

/** RFC 5987 ext-value: UTF-8, percent-encoded but for attr-chars (encodeURIComponent leaves ' ( ) * too). */
const extValue = (name: string): string =>
  `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** The ASCII the plain `filename` parameter carries for older clients: accents dropped, anything else '_'. */
const asciiName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w .()+-]+/g, '_')
    .replace(/_{2,}/g, '_');

/** A Content-Disposition that no file name can break: both parameters carry the one sanitised name (RFC 6266). */
const contentDisposition = (disposition: FileResponse['disposition'], fileName: string): string => {
  const name = safeFileName(fileName, 'file');
  return `${disposition}; filename="${asciiName(name)}"; filename*=${extValue(name)}`;
};

export interface FileResponse {
  contentType: string;
  fileName: string;
  /** `inline` opens in the browser (a report in its frame), `attachment` saves. */
  disposition: 'inline' | 'attachment';
  /** The byte count of a stream, when known before it runs (a download's progress). */
  length?: number;
  /**
   * Patient data is kept nowhere by default (`private, no-store`). A picture the server renders for
   * the caller alone may stay in that browser's cache for `maxAgeSeconds`.
   */
  cache?: { maxAgeSeconds: number };
}

/**
 * Sends a file the one way every file route does: its checked type (never sniffed), a safe
 * Content-Disposition, the sandbox policy, framed by the portal only, not cached unless asked.
 * Returns what the route returns under `@Res({ passthrough: true })`. Call it once the bytes are
 * there: a refusal before it stays a JSON error body.
 */
export function sendFile(reply: FastifyReply, file: FileResponse & { body: Buffer }): Buffer;
export function sendFile(reply: FastifyReply, file: FileResponse & { stream: Readable }): Readable;
export function sendFile(
  reply: FastifyReply,
  file: FileResponse & { body?: Buffer; stream?: Readable },
): Buffer | Readable {
  const headers: Record<string, string> = {
    'content-type': /^text\/[^;]+$/.test(file.contentType)
      ? `${file.contentType}; charset=utf-8`
      : file.contentType,
    'content-disposition': contentDisposition(file.disposition, file.fileName),
    'content-security-policy': USER_FILE_CSP,
    'cache-control': file.cache ? `private, max-age=${file.cache.maxAgeSeconds}` : 'private, no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
  };
  if (file.length !== undefined) headers['content-length'] = String(file.length);
  reply.headers(headers);
  return (file.body ?? file.stream)!;
}
