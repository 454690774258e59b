import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { InstanceRepository } from '../../instances/instance.repository';
import { SearchStudies } from './search-studies';

describe('SearchStudies', () => {
  it("answers the caller's studies in the DICOM JSON model", async () => {
    const studiesOfUser = jest.fn().mockResolvedValue([
      { study: '1.2.3', modality: 'MR', description: 'Brain', date: '2026-09-30', n: 20 },
      { study: '1.2.4', modality: 'CT', description: '', date: null, n: 1 },
    ]);
    const studies = await new SearchStudies(fakeUseCaseKit().kit, stub<InstanceRepository>({ studiesOfUser }, 'instances')).execute('u1');
    expect(studiesOfUser).toHaveBeenCalledWith(expect.anything(), 'u1');
    expect(studies[0]).toEqual({
      '0020000D': { vr: 'UI', Value: ['1.2.3'] },
      '00080061': { vr: 'CS', Value: ['MR'] },
      '00081030': { vr: 'LO', Value: ['Brain'] },
      '00080020': { vr: 'DA', Value: ['20260930'] },
      '00201208': { vr: 'IS', Value: [20] },
    });
    expect(studies[1]['00080020']).toEqual({ vr: 'DA', Value: [] });
  });
});
