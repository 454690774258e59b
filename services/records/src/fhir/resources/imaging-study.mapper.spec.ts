import { r4Problems } from '@portal/server-kit/testing';
import { anInstance, aStudyRow, PATIENT } from '../test-fixtures';
import { dicomWebEndpoint, seriesOf, toImagingStudy } from './imaging-study.mapper';

describe('ImagingStudy and Endpoint mapping', () => {
  const instances = [
    anInstance(),
    anInstance({ sop_instance_uid: '1.2.840.1.1.2', instance_number: 2 }),
    // Announced before issue 29: no SOP class, so FHIR cannot name it.
    anInstance({ sop_instance_uid: '1.2.840.1.1.3', sop_class_uid: null, instance_number: 3 }),
    anInstance({
      series_instance_uid: '1.2.840.1.2',
      sop_instance_uid: '1.2.840.1.2.1',
      series_number: 2,
      modality: null,
      series_description: '',
    }),
  ];

  it('makes a valid R4 ImagingStudy with its series, its known instances and its DICOMweb endpoint', () => {
    const study = toImagingStudy(aStudyRow(), instances);
    expect(r4Problems(study)).toEqual([]);
    expect(study).toMatchObject({
      id: aStudyRow().id,
      status: 'available',
      subject: { reference: `Patient/${PATIENT}` },
      started: '2024-03-12',
      numberOfSeries: 2,
      numberOfInstances: 3,
      endpoint: [{ reference: 'Endpoint/dicomweb' }],
      location: { display: 'St. Mary Imaging Center' },
      identifier: [
        { system: 'urn:dicom:uid', value: 'urn:oid:1.2.840.1' },
        expect.objectContaining({ assigner: { display: 'St. Mary Imaging Center' } }),
      ],
      modality: [{ system: 'http://dicom.nema.org/resources/ontology/DCM', code: 'MR' }],
    });
    expect(study.series![0].instance!.map((i) => i.uid)).toEqual(['1.2.840.1.1.1', '1.2.840.1.1.2']);
    expect(study.series![0].numberOfInstances).toBe(3);
    expect(study.series![0].instance![0].sopClass).toEqual({
      system: 'urn:ietf:rfc:3986',
      code: 'urn:oid:1.2.840.10008.5.1.4.1.1.4',
    });
  });

  it("gives a series without its own modality the study's, and leaves empty text out", () => {
    const [, second] = seriesOf(instances, 'CT');
    expect(second).toEqual({
      uid: '1.2.840.1.2',
      number: 2,
      modality: { system: 'http://dicom.nema.org/resources/ontology/DCM', code: 'CT' },
      numberOfInstances: 1,
      instance: [expect.objectContaining({ uid: '1.2.840.1.2.1' })],
    });
  });

  it('is valid for a self upload whose instances are unknown (an older event): no series, no facility', () => {
    const study = toImagingStudy(
      aStudyRow({
        manual_upload: true,
        record_name: 'Knee',
        custodian_name: null,
        study_date: null,
        study_description: '',
      }),
      [],
    );
    expect(r4Problems(study)).toEqual([]);
    expect(study.series).toBeUndefined();
    expect(study.location).toBeUndefined();
    expect(study.note).toEqual([{ text: 'Uploaded by the patient as Knee' }]);
  });

  it('describes the DICOMweb endpoint as a valid R4 Endpoint under the portal origin', () => {
    const endpoint = dicomWebEndpoint('http://portal.test');
    expect(r4Problems(endpoint)).toEqual([]);
    expect(endpoint).toMatchObject({
      id: 'dicomweb',
      address: 'http://portal.test/api/dicomweb',
      connectionType: { code: 'dicom-wado-rs' },
    });
  });
});
