import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { GroupMembershipProjection } from '@portal/server-kit';
import type { PatientRequestRepository } from '../patient-request.repository';
import { CoordinatorWorklist } from './coordinator-worklist';

describe('CoordinatorWorklist', () => {
  const member = (userId: string, groupId: string) => ({ userId, groupId });

  it('lists the open requests of the members the coordinator may view, with due date and days left, audited', async () => {
    const fake = fakeUseCaseKit();
    const membersOf = jest
      .fn()
      .mockResolvedValue([member('p1', 'g1'), member('p2', 'g2'), member('p1', 'g2')]);
    const openOfUsers = jest.fn().mockResolvedValue({
      rows: [
        {
          id: 'r1',
          userId: 'p1',
          firstName: 'Pat',
          lastName: 'Jordan',
          facility: 'Northgate Imaging',
          status: 'Submitted',
          createdAt: '2026-11-01T10:00:00Z',
        },
      ],
      total: 1,
    });
    const page = await new CoordinatorWorklist(
      fake.kit,
      stub<PatientRequestRepository>({ openOfUsers }, 'requests'),
      stub<GroupMembershipProjection>({ membersOf }, 'memberships'),
    ).execute('c1', { page: 1, size: 25 }, testCaller('c1'), new Date('2026-11-26T08:00:00Z'));
    expect(membersOf).toHaveBeenCalledWith(expect.anything(), 'c1', 'VIEW_RECORDS');
    expect(openOfUsers).toHaveBeenCalledWith(expect.anything(), ['p1', 'p2'], 1, 25);
    expect(page).toEqual({
      rows: [
        expect.objectContaining({
          patientRequestId: 'r1',
          memberId: 'p1',
          memberName: 'Pat Jordan',
          groupId: 'g1',
          dueDate: '2026-12-01',
          daysLeft: 5,
        }),
      ],
      total: 1,
      page: 1,
      size: 25,
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'requests.coordinator-worklist-read',
        detail: { members: 2, rows: 1, page: 1 },
      }),
    ]);
  });

  it('keeps to one group when asked', async () => {
    const fake = fakeUseCaseKit();
    const membersOf = jest.fn().mockResolvedValue([member('p1', 'g1'), member('p2', 'g2')]);
    const openOfUsers = jest.fn().mockResolvedValue({ rows: [], total: 0 });
    await new CoordinatorWorklist(
      fake.kit,
      stub<PatientRequestRepository>({ openOfUsers }, 'requests'),
      stub<GroupMembershipProjection>({ membersOf }, 'memberships'),
    ).execute('c1', { groupId: 'g2', page: 2, size: 10 }, testCaller('c1'));
    expect(openOfUsers).toHaveBeenCalledWith(expect.anything(), ['p2'], 2, 10);
  });
});
