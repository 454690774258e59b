// Multiplanar reconstruction, the geometry only (no Cornerstone): which stacks are volumes, and how a
// sagittal or coronal image is cut from the slices of an axial one (or any acquired plane from another).

export type Vec3 = [number, number, number];
export type PlaneName = 'Axial' | 'Sagittal' | 'Coronal';

/** What a slice's DICOM says about where it lies (Image Plane module). */
export interface SlicePlane {
  position: Vec3;
  /** Direction of increasing column index (the first half of Image Orientation (Patient)). */
  rowCosines: Vec3;
  /** Direction of increasing row index. */
  columnCosines: Vec3;
  /** Between the centres of adjacent rows, and of adjacent columns (Pixel Spacing), in mm. */
  rowSpacing: number;
  columnSpacing: number;
  rows: number;
  columns: number;
}

/** Fewer slices than this make a reformat a few lines high: no MPR is offered. */
export const MIN_MPR_SLICES = 8;
/** Orientations equal within this (cosines), and slices straight above each other within half a pixel. */
const SAME_DIRECTION = 1e-3;

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
// + 0: no -0 in directions (it reads as a direction that is not there).
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s + 0, a[1] * s + 0, a[2] * s + 0];
const add = (...vs: Vec3[]): Vec3 =>
  vs.reduce<Vec3>((s, v) => [s[0] + v[0], s[1] + v[1], s[2] + v[2]], [0, 0, 0]);
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const same = (a: Vec3, b: Vec3) =>
  Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]) < SAME_DIRECTION * 3;

/** The patient plane a normal is closest to (LPS: x to the left, y to the back, z up). */
export const planeNamed = (normal: Vec3): PlaneName => {
  const [x, y, z] = normal.map(Math.abs);
  return z >= x && z >= y ? 'Axial' : x >= y ? 'Sagittal' : 'Coronal';
};

/**
 * How each plane is laid on the screen, as radiologists read it: the patient's left to the right of an
 * axial or coronal image and the back to the right of a sagittal one; the back down on an axial image,
 * the feet down on the others.
 */
const SCREEN: Record<PlaneName, { right: Vec3; down: Vec3 }> = {
  Axial: { right: [1, 0, 0], down: [0, 1, 0] },
  Coronal: { right: [1, 0, 0], down: [0, 0, -1] },
  Sagittal: { right: [0, 1, 0], down: [0, 0, -1] },
};

/** Which in-plane axis a reformat keeps from the slices: along their rows (i) or their columns (j). */
export type KeptAxis = 'i' | 'j';

/** One reformatted plane: a stack of images across the slices, each image one column (or row) of every slice. */
export interface Reformat {
  name: PlaneName;
  /** The slice axis fixed for each image of this stack (the image index is its column or row). */
  fixed: KeptAxis;
  /** How many images the stack has (the slices' columns or rows). */
  count: number;
  rows: number;
  columns: number;
  /** Square pixels: the kept axis's spacing, across the slices too. */
  spacing: number;
  /** The screen's right and down, in the patient. */
  right: Vec3;
  down: Vec3;
  /** The kept axis runs along the image's columns (true) or its rows. */
  keptAcross: boolean;
  /** The kept axis, and the slice axis, run against the screen direction they are laid along. */
  keptReversed: boolean;
  depthReversed: boolean;
}

/** A voxel place: column i and row j of the slices (fractions allowed), and a distance along the slices' normal. */
export interface VolumePoint {
  i: number;
  j: number;
  depth: number;
}

export interface Volume {
  /** The slices in order along their normal (indexes into what was given). */
  order: number[];
  /** Each ordered slice's distance along the normal from the first, in mm (0 first, increasing). */
  depths: number[];
  acquired: PlaneName;
  reformats: [Reformat, Reformat];
  origin: Vec3;
  rowCosines: Vec3;
  columnCosines: Vec3;
  normal: Vec3;
  rowSpacing: number;
  columnSpacing: number;
  rows: number;
  columns: number;
}

const reformatOf = (
  kept: Vec3,
  fixed: KeptAxis,
  normal: Vec3,
  size: { count: number; kept: number; spacing: number; extent: number },
): Reformat => {
  const name = planeNamed(cross(kept, normal));
  const { right, down } = SCREEN[name];
  // The axis closer to the screen's 'down' is laid down, the other across.
  const keptAcross = Math.abs(dot(kept, down)) < Math.abs(dot(normal, down));
  const across = keptAcross ? kept : normal;
  const along = keptAcross ? normal : kept;
  const acrossSign = dot(across, right) < 0 ? -1 : 1;
  const alongSign = dot(along, down) < 0 ? -1 : 1;
  const depthCount = Math.floor(size.extent / size.spacing + 1e-6) + 1;
  return {
    name,
    fixed,
    count: size.count,
    columns: keptAcross ? size.kept : depthCount,
    rows: keptAcross ? depthCount : size.kept,
    spacing: size.spacing,
    right: scale(across, acrossSign),
    down: scale(along, alongSign),
    keptAcross,
    keptReversed: (keptAcross ? acrossSign : alongSign) < 0,
    depthReversed: (keptAcross ? alongSign : acrossSign) < 0,
  };
};

/**
 * The slices as a volume, or null when they are not one: too few, of different sizes or orientations,
 * two at the same place (echoes, phases), or not straight above each other (a tilted gantry).
 */
export const volumeOf = (slices: SlicePlane[]): Volume | null => {
  if (slices.length < MIN_MPR_SLICES) return null;
  const [first] = slices;
  const { rows, columns, rowCosines, columnCosines, rowSpacing, columnSpacing } = first;
  if (!(rowSpacing > 0 && columnSpacing > 0 && rows > 1 && columns > 1)) return null;
  if (
    slices.some(
      (s) =>
        s.rows !== rows ||
        s.columns !== columns ||
        !same(s.rowCosines, rowCosines) ||
        !same(s.columnCosines, columnCosines) ||
        Math.abs(s.rowSpacing - rowSpacing) > 1e-3 ||
        Math.abs(s.columnSpacing - columnSpacing) > 1e-3,
    )
  )
    return null;
  const normal = cross(rowCosines, columnCosines);
  const along = slices.map((s) => dot(s.position, normal));
  const order = along.map((_, k) => k).sort((a, b) => along[a] - along[b]);
  const origin = slices[order[0]].position;
  const depths = order.map((k) => along[k] - along[order[0]]);
  const minGap = Math.min(...depths.slice(1).map((d, k) => d - depths[k]));
  if (!(minGap > 1e-3)) return null;
  const straight = order.every((k) => {
    const off = sub(slices[k].position, origin);
    return (
      Math.abs(dot(off, rowCosines)) < columnSpacing / 2 && Math.abs(dot(off, columnCosines)) < rowSpacing / 2
    );
  });
  if (!straight) return null;
  const extent = depths[depths.length - 1];
  return {
    order,
    depths,
    acquired: planeNamed(normal),
    reformats: [
      // Each image one column of every slice: the plane across the slices' rows.
      reformatOf(columnCosines, 'i', normal, { count: columns, kept: rows, spacing: rowSpacing, extent }),
      reformatOf(rowCosines, 'j', normal, { count: rows, kept: columns, spacing: columnSpacing, extent }),
    ],
    origin,
    rowCosines,
    columnCosines,
    normal,
    rowSpacing,
    columnSpacing,
    rows,
    columns,
  };
};

/** Where in the patient a voxel place is. */
export const worldOf = (v: Volume, p: VolumePoint): Vec3 =>
  add(
    v.origin,
    scale(v.rowCosines, p.i * v.columnSpacing),
    scale(v.columnCosines, p.j * v.rowSpacing),
    scale(v.normal, p.depth),
  );

/** The voxel place of a point in the patient (the reverse of worldOf). */
export const pointOf = (v: Volume, world: Vec3): VolumePoint => {
  const off = sub(world, v.origin);
  return {
    i: dot(off, v.rowCosines) / v.columnSpacing,
    j: dot(off, v.columnCosines) / v.rowSpacing,
    depth: dot(off, v.normal),
  };
};

/** The point clamped into the volume. */
export const clampPoint = (v: Volume, p: VolumePoint): VolumePoint => {
  const clamp = (x: number, max: number) => Math.min(max, Math.max(0, x));
  return {
    i: clamp(p.i, v.columns - 1),
    j: clamp(p.j, v.rows - 1),
    depth: clamp(p.depth, v.depths[v.depths.length - 1]),
  };
};

/** The ordered slice nearest a depth. */
export const sliceAt = (v: Volume, depth: number): number => {
  let best = 0;
  for (let k = 1; k < v.depths.length; k++)
    if (Math.abs(v.depths[k] - depth) < Math.abs(v.depths[best] - depth)) best = k;
  return best;
};

/** The image of a reformat's stack a point lies on (its column for 'i', its row for 'j'). */
export const reformatIndex = (r: Reformat, p: VolumePoint): number => Math.round(r.fixed === 'i' ? p.i : p.j);

/** The point moved onto image `index` of a reformat's stack (the other coordinates kept). */
export const onReformat = (r: Reformat, p: VolumePoint, index: number): VolumePoint =>
  r.fixed === 'i' ? { ...p, i: index } : { ...p, j: index };

/** Where image `index` of a reformat begins: the patient place of its top left pixel. */
export const reformatOrigin = (v: Volume, r: Reformat, index: number): Vec3 => {
  const lastKept = (r.keptAcross ? r.columns : r.rows) - 1;
  const lastDepth = ((r.keptAcross ? r.rows : r.columns) - 1) * r.spacing;
  const kept = r.keptReversed ? lastKept : 0;
  const depth = r.depthReversed ? lastDepth : 0;
  return worldOf(v, r.fixed === 'i' ? { i: index, j: kept, depth } : { i: kept, j: index, depth });
};

/**
 * Image `index` of a reformat, cut from the ordered slices' samples (row by row, `columns` wide),
 * sampled every `spacing` mm across the slices by linear interpolation between the two nearest ones,
 * rounded to the slices' own sample type (so window/level and the CPU renderer's lookup tables work).
 */
export const cutReformat = <T extends Int16Array | Uint16Array | Uint8Array | Float32Array>(
  v: Volume,
  r: Reformat,
  index: number,
  slices: ArrayLike<number>[],
  out: T,
): T => {
  const keptCount = r.keptAcross ? r.columns : r.rows;
  const depthCount = r.keptAcross ? r.rows : r.columns;
  const integral = !(out instanceof Float32Array);
  let k = 0;
  // In increasing depth, so the pair of slices around it only moves forward.
  for (let e = 0; e < depthCount; e++) {
    const depth = e * r.spacing;
    while (k < v.depths.length - 2 && v.depths[k + 1] < depth) k++;
    const k1 = Math.min(k + 1, v.depths.length - 1);
    const gap = v.depths[k1] - v.depths[k];
    const w = gap > 0 ? Math.min(1, Math.max(0, (depth - v.depths[k]) / gap)) : 0;
    const a = slices[k];
    const b = slices[k1];
    const d = r.depthReversed ? depthCount - 1 - e : e;
    for (let q = 0; q < keptCount; q++) {
      const kept = r.keptReversed ? keptCount - 1 - q : q;
      const at = r.fixed === 'i' ? kept * v.columns + index : index * v.columns + kept;
      const value = a[at] + (b[at] - a[at]) * w;
      out[r.keptAcross ? d * r.columns + q : q * r.columns + d] = integral ? Math.round(value) : value;
    }
  }
  return out;
};

/** The three planes MPR shows: the acquired one first, then the two cuts, each with its normal. */
export const planesOf = (v: Volume): Array<{ name: PlaneName; normal: Vec3 }> => [
  { name: v.acquired, normal: v.normal },
  { name: v.reformats[0].name, normal: v.rowCosines },
  { name: v.reformats[1].name, normal: v.columnCosines },
];

/** The crosshair lines drawn in plane `own`: where each other plane cuts it (its name, and its direction). */
export const crosshairLines = (v: Volume, own: number): Array<{ name: PlaneName; direction: Vec3 }> => {
  const planes = planesOf(v);
  return planes
    .filter((_, n) => n !== own)
    .map((q) => ({ name: q.name, direction: cross(planes[own].normal, q.normal) }));
};
