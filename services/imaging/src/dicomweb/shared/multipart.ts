import { randomBytes } from 'node:crypto';

/** One part of a multipart/related body. */
export interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

const CRLF = Buffer.from('\r\n');

/** A boundary no DICOM bytes are likely to hold by chance. */
export const newBoundary = (): string => `portal-${randomBytes(16).toString('hex')}`;

/** The delimiter and headers that open a part (PS3.18 8.6.1.2, RFC 2046). */
export const partOpening = (
  boundary: string,
  contentType: string,
  headers: Record<string, string | number> = {},
): Buffer =>
  Buffer.from(
    `--${boundary}\r\nContent-Type: ${contentType}\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`,
    'latin1',
  );
/** Ends a part's body. */
export const partClosing = CRLF;
/** The close delimiter after the last part. */
export const bodyClosing = (boundary: string): Buffer => Buffer.from(`--${boundary}--\r\n`, 'latin1');

/** A whole multipart/related body of small parts (frames, bulk data): one buffer, written once. */
export const multipartBody = (boundary: string, contentType: string, bodies: Buffer[]): Buffer =>
  Buffer.concat([
    ...bodies.flatMap((b) => [partOpening(boundary, contentType), b, partClosing]),
    bodyClosing(boundary),
  ]);

/** The parts of a multipart body; null when it is not one (no delimiter, no close). */
export const readMultipart = (body: Buffer, boundary: string): Part[] | null => {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    const headerStart = body.indexOf(CRLF, at) + 2;
    const headerEnd = body.indexOf('\r\n\r\n', headerStart - 2, 'latin1');
    if (headerStart < 2 || headerEnd < 0) return null;
    const headers: Record<string, string> = {};
    for (const line of body.subarray(headerStart, headerEnd).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headerEnd + 4);
    if (next < 0) return null;
    parts.push({ headers, body: body.subarray(headerEnd + 4, next) });
    at = next + 2;
  }
};
