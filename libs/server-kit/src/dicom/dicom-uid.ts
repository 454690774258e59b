/**
 * The DICOM UID grammar (PS3.5 9.1): components of digits separated by single dots, at most 64
 * characters. A UID comes from a file or a request, so it is data: checked here where it is parsed,
 * it can never name a place on disk or carry anything but digits and dots into a key, a log or a URL.
 * Components with a leading zero ("1.02") break 9.1's letter but are seen in real archives and are
 * harmless here, so they are accepted rather than losing a patient's study.
 */
export const DICOM_UID_MAX_LENGTH = 64;
const UID = /^[0-9]+(?:\.[0-9]+)*$/;

export const isDicomUid = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= DICOM_UID_MAX_LENGTH && UID.test(value);

/** Why a value is not a UID, for the failure that names the file (undefined: it is one). */
export const dicomUidProblem = (value: string): string | undefined => {
  if (value.length > DICOM_UID_MAX_LENGTH) return `is longer than ${DICOM_UID_MAX_LENGTH} characters`;
  if (!UID.test(value)) return 'is not digits separated by dots';
  return undefined;
};
