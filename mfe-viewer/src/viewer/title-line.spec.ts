import type { ImagingStudy } from '@portal/contracts';
import { titleLine } from './StudyViewer';

const study = (first: string, last: string, n: number): ImagingStudy => ({
  study_uid: '1.2', modality: 'MR', study_description: 'BRAIN', study_date: '2001-03-16', patient_first_name: first, patient_last_name: last, total_instances: n, series: [],
});

describe('the title line (records spec §2.4)', () => {
  it("shows the study's patient name, date and instance count", () => {
    expect(titleLine(study('Jane', 'Doe', 20), 'Pat Jordan')).toBe('Jane Doe · 2001-03-16 · 20 instances');
  });

  it("falls back to the record's patient name for an anonymised study, and counts one instance", () => {
    expect(titleLine(study('', '', 1), 'Pat Jordan')).toBe('Pat Jordan · 2001-03-16 · 1 instance');
    expect(titleLine(study('', '', 2))).toBe('2001-03-16 · 2 instances');
  });
});
