import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { DataRequestRepository } from '../data-request.repository';
import { ApplyStatusChange } from './apply-status-change';

describe('ApplyStatusChange', () => {
  const event = (status: string) => ({
    patientRequestId: 'r1',
    userId: 'u1',
    status,
    at: '2026-11-02T00:00:00Z',
    documentRequests: [],
  });

  it('updates the status and adds COMPLETED to the timeline once', async () => {
    const { tx } = fakeUseCaseKit();
    const setStatus = jest.fn().mockResolvedValue(true);
    const addTimeline = jest.fn();
    const hasTimeline = jest.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const useCase = new ApplyStatusChange(
      stub<DataRequestRepository>({
        setStatus,
        addTimeline,
        hasTimeline,
        releasePaid: jest.fn().mockResolvedValue(null),
      }),
    );
    await useCase.execute(tx, event('Completed'));
    await useCase.execute(tx, event('Completed'));
    expect(setStatus).toHaveBeenCalledWith(tx, 'r1', 'Completed');
    expect(addTimeline).toHaveBeenCalledTimes(1);
    expect(addTimeline).toHaveBeenCalledWith(tx, 'r1', 'COMPLETED', '2026-11-02T00:00:00Z');
  });

  it('ignores a request that is not in the inbox, and adds nothing for other statuses', async () => {
    const { tx } = fakeUseCaseKit();
    const addTimeline = jest.fn();
    const releasePaid = jest.fn().mockResolvedValue(null);
    await new ApplyStatusChange(
      stub<DataRequestRepository>({
        setStatus: jest.fn().mockResolvedValue(false),
        addTimeline,
        releasePaid,
      }),
    ).execute(tx, event('Completed'));
    await new ApplyStatusChange(
      stub<DataRequestRepository>({ setStatus: jest.fn().mockResolvedValue(true), addTimeline, releasePaid }),
    ).execute(tx, event('Declined'));
    expect(addTimeline).not.toHaveBeenCalled();
  });

  describe('a request whose fee is not paid (issue 30)', () => {
    const kept = {
      id: 'r1',
      custodianId: 'c1',
      custodianName: 'Pinecrest Imaging Center',
      patientUserId: 'u1',
      patient: { firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12', mrn: null },
      documentRequests: [{ id: 'd1', type: 'IMAGES' }],
      dateFrom: null,
      dateTo: null,
      bodyParts: [],
      attachments: [],
      status: 'Pending payment clearance',
      createdAt: '2026-11-01T00:00:00Z',
    };

    it('stays out of the inbox while it waits, following its payment status there', async () => {
      const { tx } = fakeUseCaseKit();
      const setAwaitingStatus = jest.fn().mockResolvedValue(true);
      const useCase = new ApplyStatusChange(stub<DataRequestRepository>({ setAwaitingStatus }));
      await useCase.execute(tx, event('Pending payment clearance'));
      await useCase.execute(tx, event('Pending payment'));
      expect(setAwaitingStatus.mock.calls).toEqual([
        [tx, 'r1', 'Pending payment clearance'],
        [tx, 'r1', 'Pending payment'],
      ]);
    });

    it("comes into the inbox, as it was received, once it is 'New' (paid)", async () => {
      const { tx } = fakeUseCaseKit();
      const insert = jest.fn().mockResolvedValue(true);
      const setStatus = jest.fn().mockResolvedValue(true);
      const releasePaid = jest.fn().mockResolvedValue(kept);
      await new ApplyStatusChange(stub<DataRequestRepository>({ insert, setStatus, releasePaid })).execute(
        tx,
        event('New'),
      );
      expect(releasePaid).toHaveBeenCalledWith(tx, 'r1');
      expect(insert).toHaveBeenCalledWith(tx, { ...kept, status: 'New' });
    });

    it('a late payment status never takes a request out of the inbox', async () => {
      const { tx } = fakeUseCaseKit();
      const setAwaitingStatus = jest.fn().mockResolvedValue(false);
      const setStatus = jest.fn();
      await new ApplyStatusChange(stub<DataRequestRepository>({ setAwaitingStatus, setStatus })).execute(
        tx,
        event('Pending payment'),
      );
      expect(setStatus).not.toHaveBeenCalled();
    });
  });
});
