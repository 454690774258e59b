import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { DataRequestRepository } from '../data-request.repository';
import { ListDataRequests } from './list-data-requests';

describe('ListDataRequests', () => {
  it('asks only for the requests of the facilities the staff member works for', async () => {
    const listForStaff = jest.fn().mockResolvedValue([{ id: 'r1' }]);
    await expect(new ListDataRequests(fakeUseCaseKit().kit, stub<DataRequestRepository>({ listForStaff }, 'dataRequests')).execute('staff-1')).resolves.toEqual([{ id: 'r1' }]);
    expect(listForStaff).toHaveBeenCalledWith(expect.anything(), 'staff-1');
  });
});
