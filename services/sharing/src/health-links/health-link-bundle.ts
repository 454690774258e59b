import { randomUUID } from 'node:crypto';
import { DICOMWEB_ROOT } from '@portal/contracts';
import type { LinkedStudyRow } from '../library/library.repository';

const DCM = 'http://dicom.nema.org/resources/ontology/DCM';
const CONNECTION_TYPES = 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type';

/**
 * The FHIR R4 bundle a SMART Health Link carries: the patient, each shared study as an ImagingStudy, and
 * one WADO-RS Endpoint (our DICOMweb) whose Authorization header holds a viewer token of the link, good
 * until `tokenExpiresAt` and refused at once when the patient removes the link. Resources are named by
 * urn:uuid only: the bundle shows no portal ids.
 */
export const healthLinkBundle = (p: {
  publicUrl: string;
  studies: LinkedStudyRow[];
  viewerToken: string;
  tokenExpiresAt: Date;
}) => {
  const urn = () => `urn:uuid:${randomUUID()}`;
  const patientUrl = urn();
  const endpointUrl = urn();
  const first = p.studies[0];
  const patient = {
    resourceType: 'Patient',
    name: [
      {
        ...(first?.patient_last_name ? { family: first.patient_last_name } : {}),
        ...(first?.patient_first_name ? { given: [first.patient_first_name] } : {}),
      },
    ],
  };
  const endpoint = {
    resourceType: 'Endpoint',
    status: 'active',
    connectionType: { system: CONNECTION_TYPES, code: 'dicom-wado-rs' },
    name: 'Patient portal DICOMweb',
    payloadType: [{ text: 'DICOM' }],
    payloadMimeType: ['application/dicom'],
    address: new URL(DICOMWEB_ROOT, p.publicUrl).toString(),
    header: [`Authorization: Bearer ${p.viewerToken}`],
    period: { end: p.tokenExpiresAt.toISOString() },
  };
  const studies = p.studies.map((s) => ({
    fullUrl: urn(),
    resource: {
      resourceType: 'ImagingStudy',
      status: 'available',
      identifier: [{ system: 'urn:dicom:uid', value: `urn:oid:${s.study_instance_uid}` }],
      subject: { reference: patientUrl },
      ...(s.study_date ? { started: s.study_date } : {}),
      ...(s.modality ? { modality: [{ system: DCM, code: s.modality }] } : {}),
      ...(s.study_description ? { description: s.study_description } : {}),
      numberOfInstances: s.number_of_instances,
      endpoint: [{ reference: endpointUrl }],
      ...(s.custodian_name ? { note: [{ text: `From ${s.custodian_name}` }] } : {}),
    },
  }));
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: new Date().toISOString(),
    entry: [
      { fullUrl: patientUrl, resource: patient },
      { fullUrl: endpointUrl, resource: endpoint },
      ...studies,
    ],
  };
};
