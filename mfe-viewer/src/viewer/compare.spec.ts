import type { ImagingStudy } from '@portal/contracts';
import { compareChoices, comparedIndex } from './compare';

const series = (uid: string, images: number, description = '') => ({
  series_uid: uid,
  series_number: null,
  modality: 'MR',
  series_description: description,
  instances: Array.from({ length: images }, (_, i) => ({ sop_instance_uid: `${uid}.${i}` })) as never,
});
const study = {
  study_uid: '1.1',
  modality: 'MR',
  study_description: 'BRAIN',
  study_date: null,
  patient_first_name: '',
  patient_last_name: '',
  total_instances: 5,
  series: [series('1.1.1', 3, 'T1'), series('1.1.2', 2, 'T2'), series('1.1.3', 0)],
} satisfies ImagingStudy;

describe('compareChoices', () => {
  it("lists the study's other series with images, then the host's other studies, never the shown one", () => {
    const choices = compareChoices(study, '1.1.1', 'req-1', 'tok', [
      { studyInstanceUid: '1.1', label: 'this one again', patientRequestId: 'req-1' },
      { studyInstanceUid: '2.2', label: 'CT · CHEST · 2024-01-02', patientRequestId: '', token: 't2' },
    ]);
    expect(choices).toEqual([
      {
        key: 'series:1.1.2',
        label: 'This study, series 2: MR T2',
        studyInstanceUid: '1.1',
        seriesUid: '1.1.2',
        organizationId: 'req-1',
        token: 'tok',
      },
      {
        key: 'study:2.2',
        label: 'CT · CHEST · 2024-01-02',
        studyInstanceUid: '2.2',
        organizationId: 'self',
        token: 't2',
      },
    ]);
  });
});

describe('comparedIndex', () => {
  it('keeps the same fraction of the way through, first to first and last to last', () => {
    expect(comparedIndex(0, 20, 300)).toBe(0);
    expect(comparedIndex(1, 20, 300)).toBe(16);
    expect(comparedIndex(19, 20, 300)).toBe(299);
    expect(comparedIndex(150, 300, 20)).toBe(10);
  });

  it('stays on the only image of a one-image stack, and within the stack', () => {
    expect(comparedIndex(5, 20, 1)).toBe(0);
    expect(comparedIndex(0, 1, 20)).toBe(0);
    expect(comparedIndex(40, 20, 10)).toBe(9);
  });
});
