/** The provider area's whole-body-scan pages (issue 27; the spec shows the patient's side only). */
export const SCANS_PATH = '/provider/whole-body-scans';
export const PUBLISH_PATH = `${SCANS_PATH}/new`;
export const CONSULTATIONS_PATH = '/provider/consultations';
