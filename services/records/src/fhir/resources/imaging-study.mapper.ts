import type { Endpoint, ImagingStudy, ImagingStudySeries } from '@medplum/fhirtypes';
import { DICOMWEB_ROOT } from '@portal/contracts';
import { DCM } from '../search/search-params';
import type { InstanceRow } from './resource-rows';
import type { StudyRow } from './resource-rows';
import { compact, metaOf, patientReference, text } from './mapper-kit';

export const DICOMWEB_ENDPOINT_ID = 'dicomweb';
/** When the Endpoint took its shape: it changes with a release, never with a patient's data. */
const ENDPOINT_DEFINED = '2026-01-01T00:00:00.000Z';

/** A DICOM UID as FHIR's `id` type takes it (DICOM UIDs are digits and dots, at most 64). */
const FHIR_ID = /^[A-Za-z0-9.-]{1,64}$/;
const unsigned = (n: number | null): number | undefined => (n !== null && n >= 0 ? n : undefined);
const modality = (code: string) => ({ system: DCM, code });

/**
 * The portal's DICOMweb service (the one the viewer uses), where an app fetches a study's images with
 * the same bearer token (WADO-RS, DICOM PS3.18).
 */
export const dicomWebEndpoint = (origin: string): Endpoint => ({
  resourceType: 'Endpoint',
  id: DICOMWEB_ENDPOINT_ID,
  meta: { lastUpdated: ENDPOINT_DEFINED },
  status: 'active',
  connectionType: {
    system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type',
    code: 'dicom-wado-rs',
    display: 'DICOM WADO-RS',
  },
  name: 'Patient Portal DICOMweb',
  payloadType: [{ coding: [{ system: DCM, code: '113014', display: 'DICOM Study' }], text: 'DICOM' }],
  payloadMimeType: ['application/dicom'],
  address: `${origin}${DICOMWEB_ROOT}`,
});

/**
 * A study's series and instances as FHIR wants them: every series with its modality (an instance's,
 * else the study's), and the instances whose SOP class is known (R4 requires it; instances announced
 * before issue 29 have none and are left out).
 */
export const seriesOf = (instances: InstanceRow[], studyModality: string): ImagingStudySeries[] => {
  const series = new Map<string, { rows: InstanceRow[] }>();
  for (const i of instances) {
    if (!FHIR_ID.test(i.series_instance_uid)) continue;
    const entry = series.get(i.series_instance_uid) ?? { rows: [] };
    entry.rows.push(i);
    series.set(i.series_instance_uid, entry);
  }
  return [...series.entries()].map(([uid, { rows }]) => {
    const first = rows[0];
    const known = rows.filter((i) => i.sop_class_uid && FHIR_ID.test(i.sop_instance_uid));
    return compact<ImagingStudySeries>({
      uid,
      number: unsigned(first.series_number),
      modality: modality(rows.find((i) => i.modality)?.modality ?? studyModality),
      description: text(first.series_description),
      numberOfInstances: rows.length,
      instance: known.length
        ? known.map((i) =>
            compact({
              uid: i.sop_instance_uid,
              sopClass: { system: 'urn:ietf:rfc:3986', code: `urn:oid:${i.sop_class_uid}` },
              number: unsigned(i.instance_number),
            }),
          )
        : undefined,
    });
  });
};

/** Where a study came from: the facility that delivered it, or the patient's own upload. */
const provenance = (r: StudyRow): string | undefined =>
  r.manual_upload
    ? `Uploaded by the patient${text(r.record_name) ? ` as ${text(r.record_name)}` : ''}`
    : text(r.custodian_name)
      ? `Delivered by ${text(r.custodian_name)}`
      : undefined;

/** A study in the patient's library, with its series and instances, fetched from the DICOMweb Endpoint. */
export const toImagingStudy = (r: StudyRow, instances: InstanceRow[]): ImagingStudy => {
  const series = seriesOf(instances, r.modality);
  const modalities = [...new Set([r.modality, ...series.map((s) => s.modality.code!)].filter(Boolean))];
  const facility = r.manual_upload ? undefined : text(r.custodian_name);
  const note = provenance(r);
  return compact<ImagingStudy>({
    resourceType: 'ImagingStudy',
    id: r.id,
    ...metaOf(r.updated_at),
    identifier: [
      { system: 'urn:dicom:uid', value: `urn:oid:${r.study_instance_uid}` },
      ...(r.patient_request_id
        ? [
            {
              use: 'secondary' as const,
              system: 'urn:portal:patient-request',
              value: r.patient_request_id,
              ...(facility ? { assigner: { display: facility } } : {}),
            },
          ]
        : []),
    ],
    status: 'available',
    modality: modalities.map(modality),
    subject: patientReference(r.user_id),
    started: r.study_date ?? undefined,
    endpoint: [{ reference: `Endpoint/${DICOMWEB_ENDPOINT_ID}` }],
    numberOfSeries: series.length || undefined,
    numberOfInstances: unsigned(r.total_instances),
    location: facility ? { display: facility } : undefined,
    description: text(r.study_description),
    note: note ? [{ text: note }] : undefined,
    series: series.length ? series : undefined,
  });
};
