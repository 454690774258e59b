import { cache, imageLoader, metaData, type Types } from '@cornerstonejs/core';
import {
  cutReformat,
  reformatOrigin,
  volumeOf,
  type Reformat,
  type SlicePlane,
  type Vec3,
  type Volume,
} from '../mpr/volume';
import { minMax, type Samples } from '../native-pixels';
import { grayscaleImage } from './native-image';

/**
 * Multiplanar reconstruction without a GPU: each sagittal or coronal image is cut from the loaded
 * slices when it is shown (`mpr:` image ids, a few milliseconds for a 512 × 300 cut) and drawn in a
 * StackViewport like any other image. Cornerstone's volume viewports would need WebGL, which machines
 * without a GPU (CI, most virtual machines) only emulate in software (decision 0033); a stack of cuts
 * draws on the CPU and on a GPU alike, and every tool that works on a stack works on it.
 */
const SCHEME = 'mpr';

interface PlaneModule {
  imagePositionPatient?: number[];
  rowCosines?: number[];
  columnCosines?: number[];
  rowPixelSpacing?: number;
  columnPixelSpacing?: number;
  rows?: number;
  columns?: number;
  frameOfReferenceUID?: string;
}

interface Source {
  volume: Volume;
  /** The ordered slices' samples, in the modality's unit (the images Cornerstone loaded). */
  slices: Samples[];
  Type: new (length: number) => Samples;
  /** The first slice's image id: its modality, pixel and window metadata are the cuts' too. */
  first: string;
  frameOfReferenceUID?: string;
}

const sources = new Map<string, Source>();
let registered = false;
let sequence = 0;

const idOf = (key: string, reformat: number, index: number) => `${SCHEME}:${key}:${reformat}:${index}`;
const parse = (imageId: string) => {
  // Asked of every image's metadata: anything not a cut is answered at once.
  if (!imageId.startsWith(`${SCHEME}:`)) return null;
  const [, key, reformat, index] = imageId.split(':');
  const source = sources.get(key);
  const r = source?.volume.reformats[Number(reformat)];
  return source && r ? { source, reformat: r, index: Number(index) } : null;
};

const planeModule = (v: Volume, r: Reformat, index: number, frameOfReferenceUID?: string) => {
  const rowCosines: Vec3 = r.right;
  const columnCosines: Vec3 = r.down;
  return {
    frameOfReferenceUID,
    rows: r.rows,
    columns: r.columns,
    imageOrientationPatient: [...rowCosines, ...columnCosines],
    rowCosines,
    columnCosines,
    imagePositionPatient: reformatOrigin(v, r, index),
    sliceThickness: r.spacing,
    pixelSpacing: [r.spacing, r.spacing],
    rowPixelSpacing: r.spacing,
    columnPixelSpacing: r.spacing,
  };
};

/** A cut's metadata: its own plane and size, everything else (modality, pixel module, window) the slices'. */
const provide = (type: string, imageId: string): unknown => {
  const cut = parse(imageId);
  if (!cut) return undefined;
  const { source, reformat, index } = cut;
  if (type === 'imagePlaneModule')
    return planeModule(source.volume, reformat, index, source.frameOfReferenceUID);
  if (type === 'imagePixelModule')
    return {
      ...(metaData.get(type, source.first) as object),
      rows: reformat.rows,
      columns: reformat.columns,
    };
  // The cuts hold values already in the modality's unit: no rescale is applied to them again.
  if (type === 'modalityLutModule') return { rescaleSlope: 1, rescaleIntercept: 0 };
  return metaData.get(type, source.first);
};

const load = (imageId: string) => {
  const cut = parse(imageId);
  if (!cut) return { promise: Promise.reject(new Error(`No MPR volume for ${imageId}`)) };
  const { source, reformat, index } = cut;
  const samples = cutReformat(
    source.volume,
    reformat,
    index,
    source.slices,
    new source.Type(reformat.rows * reformat.columns),
  );
  const { min, max } = minMax(samples);
  const first = cache.getImage(source.first);
  const pixel = (metaData.get('imagePixelModule', source.first) ?? {}) as {
    photometricInterpretation?: string;
    bitsAllocated?: number;
    bitsStored?: number;
    pixelRepresentation?: number;
  };
  const image = grayscaleImage({
    imageId,
    samples,
    rows: reformat.rows,
    columns: reformat.columns,
    min,
    max,
    rowSpacing: reformat.spacing,
    columnSpacing: reformat.spacing,
    photometric: pixel.photometricInterpretation ?? 'MONOCHROME2',
    bitsAllocated: pixel.bitsAllocated,
    bitsStored: pixel.bitsStored,
    pixelRepresentation: pixel.pixelRepresentation,
    window: {
      center: first?.windowCenter as number | undefined,
      width: first?.windowWidth as number | undefined,
    },
  });
  return { promise: Promise.resolve(image) };
};

const register = () => {
  if (registered) return;
  registered = true;
  metaData.addProvider(provide, 20_000);
  imageLoader.registerImageLoader(SCHEME, load as unknown as Types.ImageLoaderFn);
};

/** A series opened as a volume: its acquired slices in order, and the two stacks of cuts across them. */
export interface MprVolume {
  volume: Volume;
  acquiredIds: string[];
  reformatIds: [string[], string[]];
  /** Forgets the slices and the cuts drawn (the images of the series stay cached for the stack). */
  close: () => void;
}

const planeOf = (imageId: string): SlicePlane | null => {
  const p = (metaData.get('imagePlaneModule', imageId) ?? {}) as PlaneModule;
  const position = p.imagePositionPatient;
  if (!position || !p.rowCosines || !p.columnCosines || !p.rows || !p.columns) return null;
  return {
    position: position.slice(0, 3) as Vec3,
    rowCosines: p.rowCosines.slice(0, 3) as Vec3,
    columnCosines: p.columnCosines.slice(0, 3) as Vec3,
    rowSpacing: p.rowPixelSpacing ?? 0,
    columnSpacing: p.columnPixelSpacing ?? 0,
    rows: p.rows,
    columns: p.columns,
  };
};

/** The samples of a loaded grayscale image in the modality's unit, or null (colour, not loaded, not rescaled). */
const samplesOf = (imageId: string): Samples | null => {
  const image = cache.getImage(imageId);
  if (!image || image.color || (image.numberOfComponents ?? 1) !== 1) return null;
  const rescaled = image.preScale?.scaled || ((image.slope ?? 1) === 1 && (image.intercept ?? 0) === 0);
  return rescaled ? (image.getPixelData() as Samples) : null;
};

/**
 * The loaded series as a volume for MPR, or null when it is not one (see volumeOf) or an image of it is
 * not in memory as grayscale samples of one type.
 */
export const openMprVolume = (imageIds: string[]): MprVolume | null => {
  const planes = imageIds.map(planeOf);
  if (planes.some((p) => !p)) return null;
  const volume = volumeOf(planes as SlicePlane[]);
  if (!volume) return null;
  const acquiredIds = volume.order.map((k) => imageIds[k]);
  const slices = acquiredIds.map(samplesOf);
  const Type = slices[0]?.constructor as Source['Type'] | undefined;
  if (!Type || slices.some((s) => !s || s.constructor !== Type)) return null;
  register();
  const key = `v${++sequence}`;
  const first = acquiredIds[0];
  sources.set(key, {
    volume,
    slices: slices as Samples[],
    Type,
    first,
    frameOfReferenceUID: (metaData.get('imagePlaneModule', first) as PlaneModule | undefined)
      ?.frameOfReferenceUID,
  });
  const reformatIds = volume.reformats.map((r, n) =>
    Array.from({ length: r.count }, (_, index) => idOf(key, n, index)),
  ) as [string[], string[]];
  return {
    volume,
    acquiredIds,
    reformatIds,
    close: () => {
      sources.delete(key);
      reformatIds.flat().forEach((id) => {
        if (cache.getImageLoadObject(id)) cache.removeImageLoadObject(id, { force: true });
      });
    },
  };
};

/** Whether the loaded series can be shown in MPR (the MPR button is offered only then). */
export const isMprVolume = (imageIds: string[]): boolean => {
  const opened = openMprVolume(imageIds);
  opened?.close();
  return opened !== null;
};
