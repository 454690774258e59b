import { imageLoader, metaData, type Types } from '@cornerstonejs/core';
import dicomImageLoader from '@cornerstonejs/dicom-image-loader';
import { receivedFrames } from '../received-frames';
import { nativeImage } from './native-image';

/** Cornerstone's WADO-RS loader asks the metadata providers for a frame's bytes before the network. */
const FRAME_BYTES = 'compressedFrameData';

/**
 * Frames a series' stream brought are not asked again: a native frame is drawn from its bytes here
 * (see nativeImage); any other goes to Cornerstone's WADO-RS loader, which asks for a frame's bytes
 * as metadata first (its 'compressed frame registry') and decodes them in its worker. Called once,
 * after the loader registered its own 'wadors' scheme.
 */
export const loadReceivedFrames = (): void => {
  metaData.addProvider(
    (type: string, imageId: string) => (type === FRAME_BYTES ? receivedFrames.get(imageId) : undefined),
    10_000,
  );
  const wadors = dicomImageLoader.wadors.loadImage as unknown as Types.ImageLoaderFn;
  imageLoader.registerImageLoader('wadors', (imageId, options) => {
    const frame = receivedFrames.get(imageId);
    const image = frame && nativeImage(imageId, frame);
    return image ? { promise: Promise.resolve(image) } : wadors(imageId, options);
  });
};

/** Bytes kept for a frame are dropped once Cornerstone drew (or failed to draw) it. */
export const forgetFrame = (imageId: string): boolean => receivedFrames.delete(imageId);
