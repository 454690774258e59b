import { KEY_IMAGE_MIN_ZOOM, KEY_IMAGE_ZOOM_STEP } from '@portal/contracts';

/** What both sides of a call keep in step: which key image, and how far zoomed. */
export interface KeyImageView {
  index: number;
  zoom: number;
}

/** The messages of the meeting's data channel. */
export type KeyImageMessage =
  | { t: 'view'; index: number; zoom: number }
  | { t: 'images'; captions: string[] }
  | { t: 'chunk'; index: number; part: number; parts: number; type: string; data: string };

/** Pieces of an image on the data channel: well under every browser's message limit. */
export const CHUNK_CHARS = 16 * 1024;

export const zoomIn = (zoom: number) => zoom * KEY_IMAGE_ZOOM_STEP;
/** Never below 1 (records spec §4). */
export const zoomOut = (zoom: number) => Math.max(KEY_IMAGE_MIN_ZOOM, zoom / KEY_IMAGE_ZOOM_STEP);
export const stepIndex = (index: number, by: number, count: number) =>
  count ? (index + by + count) % count : 0;

/** A message from a peer is believed only in its own shape (numbers in range, strings where strings go). */
export const parseKeyImageMessage = (raw: unknown, count: number): KeyImageMessage | null => {
  const m = raw as Record<string, unknown> | null;
  if (!m || typeof m !== 'object') return null;
  const int = (v: unknown, max: number) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < max;
  if (m.t === 'view' && int(m.index, Math.max(count, 1)) && typeof m.zoom === 'number')
    return {
      t: 'view',
      index: m.index as number,
      zoom: Math.min(20, Math.max(KEY_IMAGE_MIN_ZOOM, m.zoom)),
    };
  if (m.t === 'images' && Array.isArray(m.captions) && m.captions.length <= 100)
    return { t: 'images', captions: m.captions.map((c) => String(c).slice(0, 200)) };
  if (
    m.t === 'chunk' &&
    int(m.index, 100) &&
    int(m.parts, 2_000) &&
    int(m.part, m.parts as number) &&
    (m.type === 'image/png' || m.type === 'image/jpeg') &&
    typeof m.data === 'string' &&
    m.data.length <= CHUNK_CHARS
  )
    return m as KeyImageMessage;
  return null;
};

export interface ImageBytes {
  bytes: Uint8Array;
  type: string;
}

/** An image as the chunks the channel carries (base64). */
export const chunksOf = (index: number, { bytes, type: given }: ImageBytes): KeyImageMessage[] => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const b64 = btoa(binary);
  const parts = Math.max(1, Math.ceil(b64.length / CHUNK_CHARS));
  const type = given === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  return Array.from({ length: parts }, (_, part) => ({
    t: 'chunk' as const,
    index,
    part,
    parts,
    type,
    data: b64.slice(part * CHUNK_CHARS, (part + 1) * CHUNK_CHARS),
  }));
};

/** Puts an image's chunks back together; answers its bytes once the last one is in. */
export class ChunkAssembler {
  private readonly pending = new Map<number, string[]>();

  add(m: Extract<KeyImageMessage, { t: 'chunk' }>): ImageBytes | null {
    const parts = this.pending.get(m.index) ?? new Array<string>(m.parts);
    parts[m.part] = m.data;
    this.pending.set(m.index, parts);
    if (parts.filter((p) => p !== undefined).length < m.parts) return null;
    this.pending.delete(m.index);
    const binary = atob(parts.join(''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return { bytes, type: m.type };
  }
}
