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
      stub<DataRequestRepository>({ setStatus, addTimeline, hasTimeline }),
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
    await new ApplyStatusChange(
      stub<DataRequestRepository>({ setStatus: jest.fn().mockResolvedValue(false), addTimeline }),
    ).execute(tx, event('Completed'));
    await new ApplyStatusChange(
      stub<DataRequestRepository>({ setStatus: jest.fn().mockResolvedValue(true), addTimeline }),
    ).execute(tx, event('Declined'));
    expect(addTimeline).not.toHaveBeenCalled();
  });
});
