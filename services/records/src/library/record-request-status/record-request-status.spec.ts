import type { Tx } from '@portal/server-kit';
import { stub } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../library.repository';
import { RecordRequestStatus } from './record-request-status';

describe('RecordRequestStatus', () => {
  it("shows the status the requests context announced for the owner's request", async () => {
    const setRequestStatus = jest.fn();
    const tx = {} as Tx;
    await new RecordRequestStatus(stub<LibraryRepository>({ setRequestStatus }, 'library')).execute(tx, {
      patientRequestId: 'r1',
      userId: 'u1',
      status: 'Completed',
      at: '2026-01-07T09:00:00.000Z',
      documentRequests: [],
    });
    expect(setRequestStatus).toHaveBeenCalledWith(tx, 'r1', 'u1', 'Completed', '2026-01-07T09:00:00.000Z');
  });
});
