import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { PatientRequestRepository } from '../patient-request.repository';
import { ListPatientRequests } from './list-patient-requests';

describe('ListPatientRequests', () => {
  it("lists only the caller's own requests", async () => {
    const listByUser = jest.fn().mockResolvedValue([{ id: 'r1' }]);
    const useCase = new ListPatientRequests(
      fakeUseCaseKit().kit,
      stub<PatientRequestRepository>({ listByUser }, 'requests'),
    );
    await expect(useCase.execute('u1')).resolves.toEqual([{ id: 'r1' }]);
    expect(listByUser).toHaveBeenCalledWith(expect.anything(), 'u1');
  });
});
