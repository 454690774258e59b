import { metaData, utilities, type Types } from '@cornerstonejs/core';
import { prepareNative, type Samples } from '../native-pixels';
import type { FrameBytes } from '../received-frames';

interface PixelModule {
  samplesPerPixel?: number;
  photometricInterpretation?: string;
  rows?: number;
  columns?: number;
  bitsAllocated?: number;
  bitsStored?: number;
  pixelRepresentation?: number;
}

/**
 * A native grayscale frame drawn from its bytes on the main thread. Cornerstone's loader sends every
 * frame through its decode worker and back, which for uncompressed pixels is two copies of each frame
 * across threads for no decoding at all: for a 300-slice CT that round trip was most of the time to
 * load the series. A frame the series' stream worker prepared (rescaled, its range found) is taken as
 * it is; another is prepared here. Anything prepareNative does not cover (colour, palettes, modality
 * LUT sequences, PET SUV, dose grids, signed samples narrower than their words, a compressed or big
 * endian syntax) answers null and goes through Cornerstone's own loader.
 */
export const nativeImage = (imageId: string, frame: FrameBytes): Types.IImage | null => {
  const pixel = (metaData.get('imagePixelModule', imageId) ?? {}) as PixelModule;
  const lut = (metaData.get('modalityLutModule', imageId) ?? {}) as {
    rescaleSlope?: number;
    rescaleIntercept?: number;
    modalityLUTSequence?: unknown[];
  };
  const modality = (metaData.get('generalSeriesModule', imageId) as { modality?: string } | undefined)
    ?.modality;
  const { rows = 0, columns = 0, bitsAllocated, bitsStored, pixelRepresentation } = pixel;
  const photometric = pixel.photometricInterpretation ?? '';
  const slope = lut.rescaleSlope ?? 1;
  const intercept = lut.rescaleIntercept ?? 0;
  const prepared =
    frame.prepared ??
    prepareNative(
      {
        facts: {
          samplesPerPixel: pixel.samplesPerPixel,
          photometric,
          modality,
          hasModalityLutSequence: Boolean(lut.modalityLUTSequence?.length),
          rows,
          columns,
          bitsAllocated,
          bitsStored,
          pixelRepresentation,
        },
        slope,
        intercept,
      },
      frame.transferSyntaxUid,
      frame.pixelData,
    );
  if (!prepared) return null;
  const plane = (metaData.get('imagePlaneModule', imageId) ?? {}) as {
    rowPixelSpacing?: number;
    columnPixelSpacing?: number;
  };
  const voi = (metaData.get('voiLutModule', imageId) ?? {}) as {
    windowCenter?: number[];
    windowWidth?: number[];
  };
  return grayscaleImage({
    imageId,
    ...prepared,
    rows,
    columns,
    rowSpacing: plane.rowPixelSpacing,
    columnSpacing: plane.columnPixelSpacing,
    photometric,
    bitsAllocated,
    bitsStored,
    pixelRepresentation,
    window: { center: voi.windowCenter?.[0], width: voi.windowWidth?.[0] },
    rescale: slope !== 1 || intercept !== 0 ? { slope, intercept, modality } : undefined,
  });
};

export interface GrayscaleFacts {
  imageId: string;
  samples: Samples;
  rows: number;
  columns: number;
  /** The smallest and largest sample (the window when the file gives none). */
  min: number;
  max: number;
  rowSpacing?: number;
  columnSpacing?: number;
  photometric: string;
  bitsAllocated?: number;
  bitsStored?: number;
  pixelRepresentation?: number;
  window: { center?: number; width?: number };
  /** The samples were rescaled from the stored ones with these (they are in the modality's unit). */
  rescale?: { slope: number; intercept: number; modality?: string };
}

/** A grayscale Cornerstone image from samples already in memory (a native frame, an MPR cut). */
export const grayscaleImage = (f: GrayscaleFacts): Types.IImage => {
  const { imageId, samples, rows, columns, min, max, photometric, rescale } = f;
  const window = utilities.windowLevel.toWindowLevel(min, max);
  return {
    imageId,
    dataType: samples.constructor.name,
    color: false,
    calibration: metaData.get('calibrationModule', imageId) ?? {},
    columnPixelSpacing: f.columnSpacing,
    rowPixelSpacing: f.rowSpacing,
    columns,
    rows,
    width: columns,
    height: rows,
    preScale: rescale
      ? {
          enabled: true,
          scaled: true,
          scalingParameters: {
            rescaleSlope: rescale.slope,
            rescaleIntercept: rescale.intercept,
            modality: rescale.modality,
          },
        }
      : undefined,
    intercept: rescale?.intercept ?? 0,
    slope: rescale?.slope ?? 1,
    invert: photometric === 'MONOCHROME1',
    minPixelValue: min,
    maxPixelValue: max,
    sizeInBytes: samples.byteLength,
    windowCenter: f.window.center ?? window.windowCenter,
    windowWidth: f.window.width ?? window.windowWidth,
    voxelManager: utilities.VoxelManager.createImageVoxelManager({
      scalarData: samples,
      width: columns,
      height: rows,
      numberOfComponents: 1,
    }),
    rgba: false,
    getPixelData: () => samples,
    getCanvas: undefined,
    numberOfComponents: 1,
    imageFrame: {
      samplesPerPixel: 1,
      photometricInterpretation: photometric,
      rows,
      columns,
      bitsAllocated: f.bitsAllocated,
      bitsStored: f.bitsStored,
      pixelRepresentation: f.pixelRepresentation,
      pixelData: samples,
      pixelDataLength: samples.length,
      smallestPixelValue: min,
      largestPixelValue: max,
    },
  } as unknown as Types.IImage;
};
