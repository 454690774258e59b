import type { StoredFile } from '../../instances/instance-read.repository';
import { isoEntries, isoFileName, volumeLabel } from './iso-layout';

const file = (series: string, sop: string): StoredFile => ({
  fileKey: sop,
  study: '1.2',
  series,
  sop,
  studyDescription: 'CT Chest',
  seriesNumber: 1,
  seriesDescription: '',
  instanceNumber: 1,
  sizeBytes: 1,
  patientName: 'Jordan^Pat',
});

describe('the ISO layout', () => {
  it('names files DICOM/Snnnn/Innnn per series, as a DICOMDIR can reference them', () => {
    expect(isoEntries([file('a', '1'), file('a', '2'), file('b', '3')]).map((e) => e.path)).toEqual([
      'DICOM/S0001/I0001',
      'DICOM/S0001/I0002',
      'DICOM/S0002/I0001',
    ]);
  });

  it("names the ISO from the patient's name, else the study", () => {
    expect(isoFileName(file('a', '1'))).toBe('Pat_Jordan.iso');
    expect(isoFileName({ ...file('a', '1'), patientName: '' })).toBe('CT_Chest.iso');
    expect(volumeLabel('Pat_Jordan.iso')).toBe('PAT_JORDAN');
  });
});
