/** Paths of the imaging context: DICOMweb under one root. */
export const IMAGING_API = {
  /** QIDO-RS study search. */
  studies: '/api/dicomweb/studies',
} as const;
