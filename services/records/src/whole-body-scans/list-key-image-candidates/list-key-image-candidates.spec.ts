import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FacilityRepository } from '../facility.repository';
import type { FacilityStaff } from '../facility-staff';
import { ListKeyImageCandidates } from './list-key-image-candidates';

describe('ListKeyImageCandidates', () => {
  const setup = (request: boolean) => {
    const fake = fakeUseCaseKit();
    const keyImageCandidates = jest.fn().mockResolvedValue([
      {
        study_instance_uid: '1.2',
        series_instance_uid: '1.2.3',
        sop_instance_uid: '1.2.3.4',
        frames: 1,
        modality: 'CT',
        description: 'Chest',
      },
    ]);
    const useCase = new ListKeyImageCandidates(
      fake.kit,
      stub<FacilityStaff>({ custodianIdsOf: jest.fn().mockResolvedValue(['c1']) }),
      stub<FacilityRepository>({
        requestAt: jest.fn().mockResolvedValue(request ? { id: 'r1', user_id: 'u1' } : null),
        keyImageCandidates,
      }),
    );
    return { fake, keyImageCandidates, useCase };
  };

  it("answers the stored instances of the request's studies, audited with the patient as subject", async () => {
    const { fake, useCase } = setup(true);
    await expect(useCase.execute('staff', 'r1', testCaller('staff'))).resolves.toHaveLength(1);
    expect(fake.audit).toEqual([expect.objectContaining({ resourceId: 'r1', subjectId: 'u1' })]);
  });

  it('answers 404 for a request of another facility', async () => {
    const { keyImageCandidates, useCase } = setup(false);
    await expect(useCase.execute('staff', 'r1', testCaller('staff'))).rejects.toMatchObject({
      message: 'Patient request not found',
    });
    expect(keyImageCandidates).not.toHaveBeenCalled();
  });
});
