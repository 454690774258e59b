/** The media types of DICOMweb (PS3.18 8.7). */
export const DICOM_JSON = 'application/dicom+json';
export const DICOM = 'application/dicom';
export const OCTET_STREAM = 'application/octet-stream';
