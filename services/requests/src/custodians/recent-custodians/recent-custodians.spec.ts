import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import { GetRecentCustodians, RECENT_CUSTODIANS_LIMIT } from './recent-custodians';

describe('GetRecentCustodians', () => {
  it("asks only for the caller's own facilities, bounded", async () => {
    const recentForUser = jest.fn().mockResolvedValue([{ id: 'c1' }]);
    const useCase = new GetRecentCustodians(
      fakeUseCaseKit().kit,
      stub<CustodianRepository>({ recentForUser }, 'custodians'),
    );
    await expect(useCase.execute('u1')).resolves.toEqual([{ id: 'c1' }]);
    expect(recentForUser).toHaveBeenCalledWith(expect.anything(), 'u1', RECENT_CUSTODIANS_LIMIT);
  });
});
