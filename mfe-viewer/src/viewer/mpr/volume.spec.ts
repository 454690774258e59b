import {
  crosshairLines,
  cutReformat,
  onReformat,
  pointOf,
  reformatIndex,
  reformatOrigin,
  sliceAt,
  volumeOf,
  worldOf,
  type SlicePlane,
  type Vec3,
} from './volume';

/** An axial stack, 3 rows by 4 columns, 1 mm pixels, `count` slices 2 mm apart, given feet last to head first. */
const axial = (count = 10, at = (k: number): Vec3 => [-10, -20, 100 + 2 * k]): SlicePlane[] =>
  Array.from({ length: count }, (_, n) => ({
    position: at(count - 1 - n),
    rowCosines: [1, 0, 0],
    columnCosines: [0, 1, 0],
    rowSpacing: 1,
    columnSpacing: 1,
    rows: 3,
    columns: 4,
  }));

/** Slice k's samples: 100 k + 10 row + column, so every value says where it came from. */
const samples = (count: number) =>
  Array.from({ length: count }, (_, k) =>
    Int16Array.from({ length: 12 }, (_, p) => 100 * k + 10 * Math.floor(p / 4) + (p % 4)),
  );

describe('volumeOf', () => {
  it('orders the slices along their normal and names the acquired plane and the two reformats', () => {
    const v = volumeOf(axial())!;
    expect(v.order).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(v.depths).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(v.acquired).toBe('Axial');
    expect(v.reformats.map((r) => r.name)).toEqual(['Sagittal', 'Coronal']);
  });

  it('lays a sagittal cut with the back to the right and the head up, in square pixels across the slices', () => {
    const v = volumeOf(axial())!;
    const [sagittal] = v.reformats;
    expect(sagittal).toMatchObject({
      count: 4,
      columns: 3,
      rows: 19,
      spacing: 1,
      right: [0, 1, 0],
      down: [0, 0, -1],
    });
    const image = cutReformat(v, sagittal, 1, samples(10), new Int16Array(3 * 19));
    // Top row: the highest slice (9), columns running front to back (rows 0..2 of the slices).
    expect(Array.from(image.subarray(0, 3))).toEqual([901, 911, 921]);
    // 1 mm lower: half way between slices 9 and 8.
    expect(Array.from(image.subarray(3, 6))).toEqual([851, 861, 871]);
    expect(Array.from(image.subarray(18 * 3))).toEqual([1, 11, 21]);
    expect(reformatOrigin(v, sagittal, 1)).toEqual(worldOf(v, { i: 1, j: 0, depth: 18 }));
  });

  it('lays a coronal cut with the patient left to the right', () => {
    const v = volumeOf(axial())!;
    const coronal = v.reformats[1];
    expect(coronal).toMatchObject({ count: 3, columns: 4, rows: 19, right: [1, 0, 0] });
    const image = cutReformat(v, coronal, 2, samples(10), new Int16Array(4 * 19));
    expect(Array.from(image.subarray(0, 4))).toEqual([920, 921, 922, 923]);
  });

  it('turns a sagittal acquisition into coronal and axial cuts, the feet down on the coronal', () => {
    const slices = Array.from({ length: 9 }, (_, k) => ({
      position: [k * 1.5, 0, 0] as Vec3,
      rowCosines: [0, 1, 0] as Vec3,
      columnCosines: [0, 0, -1] as Vec3,
      rowSpacing: 0.5,
      columnSpacing: 0.5,
      rows: 6,
      columns: 5,
    }));
    const v = volumeOf(slices)!;
    expect(v.acquired).toBe('Sagittal');
    const coronal = v.reformats.find((r) => r.name === 'Coronal')!;
    expect(coronal.keptAcross).toBe(false);
    expect(coronal.down).toEqual([0, 0, -1]);
    expect(coronal.right).toEqual([1, 0, 0]);
    expect(coronal).toMatchObject({ rows: 6, columns: 25 });
    expect(v.reformats.find((r) => r.name === 'Axial')).toBeDefined();
  });

  it('maps a patient point to a voxel place and back, and finds the slice and reformat images it lies on', () => {
    const v = volumeOf(axial())!;
    const p = { i: 2.5, j: 1, depth: 7 };
    const back = pointOf(v, worldOf(v, p));
    expect(back.i).toBeCloseTo(2.5);
    expect(back.j).toBeCloseTo(1);
    expect(back.depth).toBeCloseTo(7);
    expect(sliceAt(v, 7.2)).toBe(4);
    expect(reformatIndex(v.reformats[0], p)).toBe(3);
    expect(onReformat(v.reformats[1], p, 0)).toEqual({ i: 2.5, j: 0, depth: 7 });
  });

  it('is not a volume when too few slices, two at one place, a tilted gantry or mixed orientations', () => {
    expect(volumeOf(axial(7))).toBeNull();
    expect(volumeOf(axial(10, (k) => [0, 0, k === 3 ? 4 : 2 * k]))).toBeNull();
    expect(volumeOf(axial(10, (k) => [0, 0.8 * k, 2 * k]))).toBeNull();
    const mixed = axial();
    mixed[4] = { ...mixed[4], rowCosines: [0, 1, 0], columnCosines: [0, 0, -1] };
    expect(volumeOf(mixed)).toBeNull();
  });
});

describe('crosshairLines', () => {
  it('draws, in each plane, the two others where they cut it', () => {
    const v = volumeOf(axial())!;
    expect(crosshairLines(v, 0)).toEqual([
      { name: 'Sagittal', direction: [0, 1, 0] },
      { name: 'Coronal', direction: [-1, 0, 0] },
    ]);
    expect(crosshairLines(v, 1).map((l) => l.name)).toEqual(['Axial', 'Coronal']);
  });
});
