/** Paths of the imaging context: DICOMweb under one root. */
export const IMAGING_API = {
  /** QIDO-RS study search. */
  studies: '/api/dicomweb/studies',
  /** GET (who may see the study): a PNG thumbnail rendered from the study's own DICOM, cached. */
  thumbnail: (studyInstanceUid: string) => `/api/imaging/studies/${studyInstanceUid}/thumbnail`,
} as const;
