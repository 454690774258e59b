import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { StaffRepository } from '../staff.repository';
import { AssignStaff } from './assign-staff';

describe('AssignStaff', () => {
  it('makes the user staff of the facility, announced and audited with who did it', async () => {
    const fake = fakeUseCaseKit();
    const assign = jest.fn();
    await new AssignStaff(fake.kit, stub<StaffRepository>({ assign }, 'staff')).execute(
      'u9',
      'c1',
      testCaller('operator'),
    );
    expect(assign).toHaveBeenCalledWith(expect.anything(), 'u9', 'c1');
    expect(fake.events).toEqual([
      {
        type: 'provider.staff-assigned',
        payload: { userId: 'u9', custodianId: 'c1', at: expect.any(String) },
      },
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'provider.staff-assigned',
        resourceId: 'c1',
        subjectId: 'u9',
        caller: testCaller('operator'),
      }),
    ]);
  });
});
