import type { Element } from 'dicom-parser';
import { encapsulatedFrames, nativeFrames } from './frame-index';

const pixel = (
  fragments: Array<{ offset: number; position: number; length: number }>,
  basicOffsetTable: number[] = [],
) =>
  ({
    tag: 'x7fe00010',
    dataOffset: 100,
    length: 0,
    fragments,
    basicOffsetTable,
    encapsulatedPixelData: true,
  }) as unknown as Element;

describe('frame index', () => {
  it('cuts native pixel data into frames of rows x columns x samples x bits / 8 bytes', () => {
    const el = { dataOffset: 100, length: 3000 } as Element;
    expect(nativeFrames(el, 3, 1000)).toEqual([[[100, 1000]], [[1100, 1000]], [[2100, 1000]]]);
    // A pad byte after the last frame is not a frame.
    expect(nativeFrames({ dataOffset: 0, length: 2001 } as Element, 2, 1000)).toEqual([
      [[0, 1000]],
      [[1000, 1000]],
    ]);
  });

  it('groups fragments by the basic offset table, one per frame, or by the code stream starts', () => {
    const f = (offset: number, position: number) => ({ offset, position, length: 10 });
    expect(encapsulatedFrames(new Uint8Array(0), pixel([f(0, 10), f(18, 30)]), 1)).toEqual([
      [
        [10, 10],
        [30, 10],
      ],
    ]);
    expect(encapsulatedFrames(new Uint8Array(0), pixel([f(0, 10), f(18, 30)]), 2)).toEqual([
      [[10, 10]],
      [[30, 10]],
    ]);
    expect(
      encapsulatedFrames(new Uint8Array(0), pixel([f(0, 10), f(18, 30), f(36, 50)], [0, 36]), 2),
    ).toEqual([
      [
        [10, 10],
        [30, 10],
      ],
      [[50, 10]],
    ]);
    const bytes = new Uint8Array(80);
    bytes.set([0xff, 0xd8], 10);
    bytes.set([0xff, 0xd8], 50);
    expect(encapsulatedFrames(bytes, pixel([f(0, 10), f(18, 30), f(36, 50)]), 2)).toEqual([
      [
        [10, 10],
        [30, 10],
      ],
      [[50, 10]],
    ]);
  });
});
