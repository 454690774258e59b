import type { ImagingStudy } from '@portal/contracts';
import { titleLine } from './StudyViewer';

const study = (first: string, last: string, n: number): ImagingStudy => ({
  study_uid: '1.2',
  modality: 'MR',
  study_description: 'BRAIN',
  study_date: '2001-03-16',
  patient_first_name: first,
  patient_last_name: last,
  total_instances: n,
  series: [],
});

describe('the title line (records spec §2.4)', () => {
  it("shows the record's patient name over the one in the DICOM ('Anonymized', a facility's spelling), the date and instance count", () => {
    expect(titleLine(study('', 'Anonymized', 20), 'Pat Jordan')).toBe(
      'Pat Jordan · 2001-03-16 · 20 instances',
    );
    expect(titleLine(study('', '', 1), 'Pat Jordan')).toBe('Pat Jordan · 2001-03-16 · 1 instance');
  });

  it("shows the study's own name where the portal knows no patient (a public link), and none when neither has one", () => {
    expect(titleLine(study('Jane', 'Doe', 20))).toBe('Jane Doe · 2001-03-16 · 20 instances');
    expect(titleLine(study('', '', 2))).toBe('2001-03-16 · 2 instances');
  });
});
