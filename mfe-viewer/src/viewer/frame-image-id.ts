import { DICOMWEB_API, type StudyKeyImage } from '@portal/contracts';

/** One frame of a study: its series, instance and 1-based frame number. */
export type FrameRef = Omit<StudyKeyImage, 'note'>;

/**
 * The Cornerstone image id of one frame: the `wadors:` scheme before the frame's own WADO-RS URL. The
 * stack, the streamed series, saved measurements and key images all name a frame by it, so they meet.
 */
export const frameImageId = (study: string, f: FrameRef, origin = window.location.origin): string =>
  `wadors:${origin}${DICOMWEB_API.retrieveInstanceFrames(study, f.seriesUid, f.sopInstanceUid, String(f.frame))}`;

/** Where a frame sits in its study, read back from its image id (…/series/{s}/instances/{i}/frames/{n}). */
export const frameOf = (imageId: string): FrameRef | null => {
  const m = /\/series\/([^/]+)\/instances\/([^/]+)\/frames\/(\d+)/.exec(imageId);
  return m ? { seriesUid: m[1], sopInstanceUid: m[2], frame: Number(m[3]) } : null;
};
