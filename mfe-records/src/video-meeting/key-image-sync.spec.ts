import {
  ChunkAssembler,
  chunksOf,
  CHUNK_CHARS,
  parseKeyImageMessage,
  stepIndex,
  zoomIn,
  zoomOut,
} from './key-image-sync';

describe('the shared key image of a call', () => {
  it('zooms ×1.2 a step and never below 1', () => {
    expect(zoomIn(1)).toBeCloseTo(1.2);
    expect(zoomIn(zoomIn(1))).toBeCloseTo(1.44);
    expect(zoomOut(1.2)).toBeCloseTo(1);
    expect(zoomOut(1)).toBe(1);
    expect(zoomOut(1.1)).toBe(1);
  });

  it('steps round the images', () => {
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it("believes a peer's message only in its own shape", () => {
    expect(parseKeyImageMessage({ t: 'view', index: 1, zoom: 1.44 }, 3)).toEqual({
      t: 'view',
      index: 1,
      zoom: 1.44,
    });
    expect(parseKeyImageMessage({ t: 'view', index: 3, zoom: 1 }, 3)).toBeNull();
    expect(parseKeyImageMessage({ t: 'view', index: 0, zoom: 0.1 }, 3)).toEqual({
      t: 'view',
      index: 0,
      zoom: 1,
    });
    expect(
      parseKeyImageMessage({ t: 'chunk', index: 0, part: 0, parts: 1, type: 'text/html', data: '' }, 1),
    ).toBeNull();
    expect(
      parseKeyImageMessage({ t: 'chunk', index: 0, part: 2, parts: 1, type: 'image/png', data: '' }, 1),
    ).toBeNull();
    expect(parseKeyImageMessage('<script>', 1)).toBeNull();
    expect(parseKeyImageMessage({ t: 'images', captions: ['a', 1] }, 0)).toEqual({
      t: 'images',
      captions: ['a', '1'],
    });
  });

  it('carries an image in chunks and puts it back together byte for byte', () => {
    const bytes = new Uint8Array(40_000).map((_, i) => (i * 7) % 256);
    const chunks = chunksOf(2, { bytes, type: 'image/png' });
    expect(chunks.length).toBe(Math.ceil((Math.ceil(40_000 / 3) * 4) / CHUNK_CHARS));
    const assembler = new ChunkAssembler();
    let out: ReturnType<ChunkAssembler['add']> = null;
    for (const c of [...chunks].reverse()) out = assembler.add(c as never) ?? out;
    expect(out).toEqual({ bytes, type: 'image/png' });
  });
});
