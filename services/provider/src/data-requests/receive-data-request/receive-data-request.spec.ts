import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { DataRequestRepository } from '../data-request.repository';
import { ReceiveDataRequest } from './receive-data-request';

describe('ReceiveDataRequest', () => {
  it("puts the announced request into the facility's inbox inside the consumer's transaction", async () => {
    const upsert = jest.fn();
    const { tx } = fakeUseCaseKit();
    const event = { patientRequestId: 'r1', userId: 'u1', personId: 'p1', custodianId: 'c1', custodianName: 'St. Mary Imaging Center', patient: { firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' }, docReqTypes: ['REPORTS'], status: 'New', createdAt: '2026-11-01T00:00:00Z' };
    await new ReceiveDataRequest(stub<DataRequestRepository>({ upsert }, 'dataRequests')).execute(tx, event);
    expect(upsert).toHaveBeenCalledWith(tx, event);
  });
});
