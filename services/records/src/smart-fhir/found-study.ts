import { isControlCharacter } from '@portal/server-kit';

/** A study a facility's system answered for the patient, in the portal's words (before it is a row). */
export interface FoundStudy {
  studyInstanceUid: string;
  modality: string;
  description: string;
  referringPhysician: string;
  accessionNumber: string | null;
  /** YYYY-MM-DD */
  studyDate: string | null;
  numberOfInstances: number | null;
  /** The DICOMweb root the study can be retrieved from (WADO-RS), on the source's own origin; null: it cannot. */
  wadoRoot: string | null;
}

/** Who is looked for: the MRN the facility gave on an earlier request, else name and date of birth. */
export interface PatientToMatch {
  mrn: string | null;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
}

/** Most studies one source may answer for one patient: more is not a patient's history, it is a flood. */
export const FOUND_STUDIES_MAX = 500;

/** DICOM DA (YYYYMMDD) or an ISO date-time → YYYY-MM-DD; anything else → null. */
export const isoDay = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value.trim());
  if (!m) return null;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? null : day;
};

/** Text from a facility, bounded and without control characters (it is shown on the patient's page). */
export const cleanText = (value: unknown, max = 200): string =>
  typeof value === 'string'
    ? [...value]
        .map((c) => (isControlCharacter(c) ? ' ' : c))
        .join('')
        .trim()
        .slice(0, max)
    : '';
