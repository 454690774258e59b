/** One attribute of the DICOM JSON model (PS3.18 F.2): its VR and values. */
export interface DicomJsonAttribute {
  vr: string;
  Value?: unknown[];
}
/** A dataset in the DICOM JSON model, keyed by 8-digit hex tag. */
export type DicomJsonDataset = Record<string, DicomJsonAttribute>;
