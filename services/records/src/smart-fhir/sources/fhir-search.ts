import type { Endpoint, ImagingStudy, Patient } from '@medplum/fhirtypes';
import type { SmartFhirSourceConfig } from '@portal/contracts';
import { type FacilitySourceClient, isDicomUid, isSourceOrigin, SourceError } from '@portal/server-kit';
import { cleanText, FOUND_STUDIES_MAX, type FoundStudy, isoDay, type PatientToMatch } from '../found-study';
import { validResource, validSearchBundle } from './fhir-validation';

const FHIR_JSON = 'application/fhir+json';
const WADO_RS = 'dicom-wado-rs';

interface Call {
  client: FacilitySourceClient;
  source: SmartFhirSourceConfig;
  deadline: number;
  signal: AbortSignal;
}

const get = async (c: Call, path: string, what: string): Promise<unknown> => {
  const res = await c.client.fetch(c.source, `${c.source.baseUrl.replace(/\/+$/, '')}/${path}`, {
    accept: FHIR_JSON,
    deadline: c.deadline,
    signal: c.signal,
  });
  return c.client.json(res, what);
};

/**
 * The patient at the facility's EHR: by the MRN it gave on an earlier request, else by family name,
 * given name and birth date, each match checked again here (a server that ignores a search parameter
 * must not hand the patient someone else's record).
 */
const findPatients = async (c: Call, p: PatientToMatch): Promise<Patient[]> => {
  const q = new URLSearchParams();
  if (p.mrn) q.set('identifier', p.mrn);
  else if (p.dateOfBirth) {
    q.set('family', p.lastName);
    q.set('given', p.firstName);
    q.set('birthdate', p.dateOfBirth);
  } else throw new SourceError('The portal does not know your date of birth to look you up here');
  const found = validSearchBundle(await get(c, `Patient?${q}`, 'the patient search'));
  const same = (a: string | undefined, b: string) =>
    (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
  return found.filter((r): r is Patient => {
    if (r.resourceType !== 'Patient' || !r.id) return false;
    if (p.mrn) return (r.identifier ?? []).some((i) => i.value === p.mrn);
    return (
      r.birthDate === p.dateOfBirth &&
      (r.name ?? []).some(
        (n) => same(n.family, p.lastName) && (n.given ?? []).some((g) => same(g, p.firstName)),
      )
    );
  });
};

const studyUid = (s: ImagingStudy): string | null => {
  const v = s.identifier?.find((i) => i.system === 'urn:dicom:uid')?.value?.replace(/^urn:oid:/, '');
  return isDicomUid(v) ? v : null;
};

const accession = (s: ImagingStudy): string | null =>
  cleanText(s.identifier?.find((i) => i.type?.coding?.some((c) => c.code === 'ACSN'))?.value, 64) || null;

/** The WADO-RS root an ImagingStudy names, when the Endpoint is active, WADO-RS and on the source's own origin. */
const wadoRootOf = async (c: Call, s: ImagingStudy, endpoints: Map<string, Promise<string | null>>) => {
  const ref = s.endpoint?.[0]?.reference;
  const id = ref && /^Endpoint\/[A-Za-z0-9\-.]{1,64}$/.test(ref) ? ref : null;
  if (!id) return null;
  if (!endpoints.has(id))
    endpoints.set(
      id,
      get(c, id, 'the study endpoint')
        .then((answer) => {
          const e = validResource<Endpoint>(answer, 'Endpoint');
          const wado = e.status === 'active' && e.connectionType?.code === WADO_RS;
          return wado && isSourceOrigin(c.source, e.address) ? e.address.replace(/\/+$/, '') : null;
        })
        .catch(() => null),
    );
  return endpoints.get(id)!;
};

/**
 * ImagingStudy search at a facility's EHR (FHIR R4), authorised with SMART Backend Services by the
 * client. Every answer is validated as FHIR before use. A study whose Endpoint is WADO-RS (on the
 * EHR's own origin) can be moved into the portal; others go to the facility as a request.
 */
export const searchFhir = async (
  client: FacilitySourceClient,
  source: SmartFhirSourceConfig,
  patient: PatientToMatch,
  deadline: number,
  signal: AbortSignal,
): Promise<FoundStudy[]> => {
  const c: Call = { client, source, deadline, signal };
  const endpoints = new Map<string, Promise<string | null>>();
  const found: FoundStudy[] = [];
  for (const p of await findPatients(c, patient)) {
    const q = new URLSearchParams({ patient: `Patient/${p.id}`, _count: String(FOUND_STUDIES_MAX) });
    const studies = validSearchBundle(await get(c, `ImagingStudy?${q}`, 'the imaging study search'));
    for (const s of studies) {
      if (s.resourceType !== 'ImagingStudy' || s.subject?.reference !== `Patient/${p.id}`) continue;
      const uid = studyUid(s);
      if (!uid || found.length >= FOUND_STUDIES_MAX) continue;
      const modalities = [
        ...new Set(
          [...(s.modality ?? []), ...(s.series ?? []).map((x) => x.modality)]
            .map((m) => m?.code)
            .filter(Boolean),
        ),
      ];
      found.push({
        studyInstanceUid: uid,
        modality: cleanText(modalities.join('/'), 40) || 'OT',
        description: cleanText(s.description),
        referringPhysician: cleanText(s.referrer?.display),
        accessionNumber: accession(s),
        studyDate: isoDay(s.started),
        numberOfInstances: Number.isInteger(s.numberOfInstances) ? s.numberOfInstances! : null,
        wadoRoot: await wadoRootOf(c, s, endpoints),
      });
    }
  }
  return found;
};
