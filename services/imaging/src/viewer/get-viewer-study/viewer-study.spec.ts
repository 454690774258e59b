import { personName, toImagingStudy } from './viewer-study';

const row = (series: string, sop: string, n: number, frames = 1) => ({
  series,
  seriesNumber: Number(series),
  seriesDescription: `S${series}`,
  modality: 'MR',
  sop,
  instanceNumber: n,
  frames,
  studyDescription: 'BRAIN',
  studyDate: '2001-04-13',
  patientName: 'Doe^Jane^Q',
});

describe('the viewer study', () => {
  it('reads a DICOM person name, and an empty one', () => {
    expect(personName('Doe^Jane^Q')).toEqual({ first: 'Jane', last: 'Doe' });
    expect(personName('Anonymous')).toEqual({ first: '', last: 'Anonymous' });
    expect(personName('')).toEqual({ first: '', last: '' });
  });

  it('groups the rows by series in their order, with each instance and its frames', () => {
    const study = toImagingStudy('1.2', [row('1', 'a', 1), row('1', 'b', 2), row('2', 'c', 1, 96)]);
    expect(study).toMatchObject({
      study_uid: '1.2',
      modality: 'MR',
      study_description: 'BRAIN',
      study_date: '2001-04-13',
      patient_first_name: 'Jane',
      patient_last_name: 'Doe',
      total_instances: 3,
    });
    expect(
      study.series.map((s) => [s.series_uid, s.instances.map((i) => [i.instance_uid, i.frame])]),
    ).toEqual([
      [
        '1',
        [
          ['a', 1],
          ['b', 1],
        ],
      ],
      ['2', [['c', 96]]],
    ]);
  });
});
