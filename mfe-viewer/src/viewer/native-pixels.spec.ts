import {
  EXPLICIT_LITTLE,
  type FramePreparation,
  minMax,
  prepareNative,
  rescaleInPlace,
} from './native-pixels';

describe('minMax', () => {
  it('gives the range of every kind of samples the viewer holds', () => {
    expect(minMax(Int16Array.of(5, -1024, 3071, 0))).toEqual({ min: -1024, max: 3071 });
    expect(minMax(Uint16Array.of(4095, 7, 65535))).toEqual({ min: 7, max: 65535 });
    expect(minMax(Uint8Array.of(9, 255, 0))).toEqual({ min: 0, max: 255 });
    expect(minMax(Float32Array.of(-0.5, 2.25))).toEqual({ min: -0.5, max: 2.25 });
  });
});

describe('rescaleInPlace', () => {
  it('rescales where the samples lie and answers the new range from the same pass', () => {
    const a = Int16Array.of(0, 1024, 4095, -2000);
    expect(rescaleInPlace(a, 1, -1024)).toEqual({ min: -3024, max: 3071 });
    expect([...a]).toEqual([-1024, 0, 3071, -3024]);
  });

  it('takes a negative slope', () => {
    const a = Int16Array.of(10, -10);
    expect(rescaleInPlace(a, -2, 5)).toEqual({ min: -15, max: 25 });
    expect([...a]).toEqual([-15, 25]);
  });

  it('leaves the samples as they were and answers null when a value would not fit Int16', () => {
    const a = Int16Array.of(-1000, 5, -32000, 7);
    expect(rescaleInPlace(a, 1, -1024)).toBeNull();
    expect([...a]).toEqual([-1000, 5, -32000, 7]);
  });

  it('answers null for a fractional rescale, which needs floats', () => {
    const a = Int16Array.of(1, 2);
    expect(rescaleInPlace(a, 0.5, 0)).toBeNull();
    expect([...a]).toEqual([1, 2]);
  });
});

describe('prepareNative', () => {
  const ct: FramePreparation = {
    facts: {
      samplesPerPixel: 1,
      photometric: 'MONOCHROME2',
      modality: 'CT',
      hasModalityLutSequence: false,
      rows: 1,
      columns: 4,
      bitsAllocated: 16,
      bitsStored: 16,
      pixelRepresentation: 1,
    },
    slope: 1,
    intercept: -1024,
  };
  const bytes = (...v: number[]) => new Uint8Array(Int16Array.from(v).buffer);

  it("rescales a CT's signed frame where its bytes lie: the samples are a view of them", () => {
    const frame = bytes(0, 1024, 4095, 24);
    const prepared = prepareNative(ct, EXPLICIT_LITTLE, frame)!;
    expect(prepared.samples).toBeInstanceOf(Int16Array);
    expect(prepared.samples.buffer).toBe(frame.buffer);
    expect([...prepared.samples]).toEqual([-1024, 0, 3071, -1000]);
    expect(prepared).toMatchObject({ min: -1024, max: 3071 });
  });

  it('takes a wider array when the rescaled values leave Int16, and floats for a fractional slope', () => {
    const wide = prepareNative({ ...ct, slope: 1, intercept: 30000 }, EXPLICIT_LITTLE, bytes(0, 4095, 1, 2))!;
    expect(wide.samples).toBeInstanceOf(Uint16Array);
    expect([...wide.samples]).toEqual([30000, 34095, 30001, 30002]);
    const fractional = prepareNative(
      { ...ct, slope: 0.5, intercept: 0 },
      EXPLICIT_LITTLE,
      bytes(3, -4, 0, 1),
    )!;
    expect(fractional.samples).toBeInstanceOf(Float32Array);
    expect(fractional).toMatchObject({ min: -2, max: 1.5 });
  });

  it('leaves to Cornerstone what it does not draw, and bytes that do not fill the frame', () => {
    expect(prepareNative(ct, '1.2.840.10008.1.2.4.80', bytes(0, 1, 2, 3))).toBeNull();
    expect(
      prepareNative(
        { ...ct, facts: { ...ct.facts, photometric: 'RGB' } },
        EXPLICIT_LITTLE,
        bytes(0, 1, 2, 3),
      ),
    ).toBeNull();
    expect(prepareNative(ct, EXPLICIT_LITTLE, bytes(0, 1, 2))).toBeNull();
  });
});
