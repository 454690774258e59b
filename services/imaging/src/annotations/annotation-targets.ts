import { ANNOTATION_MESSAGES, type SaveStudyAnnotationsInput } from '@portal/contracts';

/** An instance of the owner's copy of the study and its frame count, as the index holds it. */
export interface InstanceFrames {
  series: string;
  sop: string;
  frames: number;
}

/**
 * The fields of a set that name an instance the owner's copy of the study does not have (or a frame its
 * instance lacks), each with its message; empty when everything drawn on is the study's own.
 */
export const unknownTargets = (
  set: Pick<SaveStudyAnnotationsInput, 'measurements' | 'keyImages'>,
  instances: readonly InstanceFrames[],
): Record<string, string> => {
  const framesOf = new Map(instances.map((i) => [`${i.series}|${i.sop}`, i.frames]));
  const errors: Record<string, string> = {};
  const check = (path: string, t: { seriesUid: string; sopInstanceUid: string; frame: number }) => {
    const frames = framesOf.get(`${t.seriesUid}|${t.sopInstanceUid}`);
    if (frames === undefined)
      errors[path] = ANNOTATION_MESSAGES.unknownInstance(path, t.seriesUid, t.sopInstanceUid);
    else if (t.frame > frames)
      errors[`${path}.frame`] = ANNOTATION_MESSAGES.unknownFrame(`${path}.frame`, frames);
  };
  set.measurements.forEach((m, i) => check(`measurements[${i}]`, m));
  set.keyImages.forEach((k, i) => check(`keyImages[${i}]`, k));
  return errors;
};
