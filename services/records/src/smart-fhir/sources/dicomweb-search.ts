import { type FacilitySourceClient, isDicomUid, SourceError } from '@portal/server-kit';
import type { SmartFhirSourceConfig } from '@portal/contracts';
import { cleanText, FOUND_STUDIES_MAX, type FoundStudy, isoDay, type PatientToMatch } from '../found-study';

type DicomJson = Record<string, { vr?: string; Value?: unknown[] } | undefined>;

/** The study-level attributes asked for beside the defaults (Orthanc's DICOMweb plugin answers them with includefield). */
const INCLUDE = [
  '00080050',
  '00080090',
  '00081030',
  '00201208',
  '00080061',
  '00080020',
  '00100010',
  '00100030',
];

const first = (d: DicomJson, tag: string): unknown => d[tag]?.Value?.[0];
const personName = (v: unknown): string =>
  cleanText(
    typeof v === 'object' && v && 'Alphabetic' in v
      ? String((v as { Alphabetic: unknown }).Alphabetic ?? '')
      : typeof v === 'string'
        ? v
        : '',
  )
    .split('^')
    .filter(Boolean)
    .reverse()
    .join(' ');
const dicomName = (p: PatientToMatch) => `${p.lastName}^${p.firstName}`.toUpperCase();

/**
 * QIDO-RS study search at a PACS (PS3.18 10.6): by PatientID when the facility gave the patient an
 * MRN on an earlier request, else by PatientName and PatientBirthDate. A study whose own patient
 * attributes (when answered) are someone else's is dropped: the portal shows a patient only studies
 * that are theirs by what the facility itself says. Every study can be moved (WADO-RS at the same root).
 */
export const searchDicomWeb = async (
  client: FacilitySourceClient,
  source: SmartFhirSourceConfig,
  patient: PatientToMatch,
  deadline: number,
  signal: AbortSignal,
): Promise<FoundStudy[]> => {
  const root = source.baseUrl.replace(/\/+$/, '');
  const query = new URLSearchParams();
  if (patient.mrn) query.set('PatientID', patient.mrn);
  else if (patient.dateOfBirth) {
    query.set('PatientName', dicomName(patient));
    query.set('PatientBirthDate', patient.dateOfBirth.replaceAll('-', ''));
  } else throw new SourceError('The portal does not know your date of birth to look you up here');
  for (const tag of INCLUDE) query.append('includefield', tag);
  query.set('limit', String(FOUND_STUDIES_MAX));
  // PS3.18 writes the PN separator raw (PatientName=SMITH^JOHN); Orthanc's DICOMweb plugin does not
  // decode %5E and would match nobody.
  const res = await client.fetch(source, `${root}/studies?${query.toString().replaceAll('%5E', '^')}`, {
    accept: 'application/dicom+json',
    deadline,
    signal,
  });
  if (res.status === 204) return [];
  const answer = await client.json(res, 'the study search');
  if (!Array.isArray(answer)) throw new SourceError('The facility answered something other than studies');
  const dob = patient.dateOfBirth?.replaceAll('-', '');
  return answer.slice(0, FOUND_STUDIES_MAX).flatMap((d: DicomJson): FoundStudy[] => {
    const uid = first(d, '0020000D');
    if (!isDicomUid(uid)) return [];
    const birth = first(d, '00100030');
    if (!patient.mrn && typeof birth === 'string' && dob && birth !== dob) return [];
    const modalities = (d['00080061']?.Value ?? []).filter((m): m is string => typeof m === 'string');
    const count = Number(first(d, '00201208'));
    return [
      {
        studyInstanceUid: uid,
        modality: cleanText(modalities.join('/'), 40) || 'OT',
        description: cleanText(first(d, '00081030')),
        referringPhysician: personName(first(d, '00080090')),
        accessionNumber: cleanText(first(d, '00080050'), 64) || null,
        studyDate: isoDay(first(d, '00080020')),
        numberOfInstances: Number.isInteger(count) && count >= 0 ? count : null,
        wadoRoot: root,
      },
    ];
  });
};
