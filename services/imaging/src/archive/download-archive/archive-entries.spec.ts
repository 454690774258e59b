import type { StoredFile } from '../../instances/instance-read.repository';
import { archiveEntries } from './archive-entries';

const file = (over: Partial<StoredFile>): StoredFile => ({
  fileKey: 'k',
  patientName: '',
  study: '1.2.3',
  series: '1.2.3.4',
  sop: '1.2.3.4.5',
  studyDescription: 'Head CT',
  seriesNumber: 2,
  seriesDescription: 'Axial 5mm',
  instanceNumber: 7,
  sizeBytes: 1,
  ...over,
});

describe('archiveEntries', () => {
  it('names entries study/series number_description/instance.dcm, sanitised, with the UID when the description is empty', () => {
    expect(
      archiveEntries([
        file({}),
        file({
          studyDescription: '',
          seriesDescription: '../../etc/pass:wd',
          instanceNumber: null,
          sop: '9.9',
        }),
      ]).map((e) => e.name),
    ).toEqual(['Head CT/2_Axial 5mm/7.dcm', '1.2.3/2_etc_pass_wd/9.9.dcm']);
  });

  it('keeps two instances with the same number apart', () => {
    const names = archiveEntries([file({ sop: 'a' }), file({ sop: 'b' })]).map((e) => e.name);
    expect(new Set(names).size).toBe(2);
  });
});
