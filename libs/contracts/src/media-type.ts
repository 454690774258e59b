/** A media type as a Content-Type or one Accept range gives it: the type and its parameters. */
export interface MediaType {
  /** Lower case, without parameters: `multipart/related`. */
  type: string;
  /** By lower-case name, quotes removed: `{ type: 'application/dicom', boundary: 'a;b' }`. */
  params: Record<string, string>;
}

/**
 * Reads a media type in one pass over the text. A `;` inside quotes belongs to its value (a boundary
 * may hold one). Headers come from anyone: a regular expression that looks ahead for quotes from each
 * `;` took 0.4 s on a 16 KB header of semicolons, this takes time in proportion to the text.
 */
export const mediaTypeOf = (value: string): MediaType => {
  const pieces: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x22) quoted = !quoted;
    else if (c === 0x3b && !quoted) {
      pieces.push(value.slice(start, i));
      start = i + 1;
    }
  }
  pieces.push(value.slice(start));
  const [type, ...rest] = pieces;
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq <= 0) continue;
    const raw = p.slice(eq + 1).trim();
    params[p.slice(0, eq).trim().toLowerCase()] =
      raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  }
  return { type: type.trim().toLowerCase(), params };
};
