import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DataRequestRepository } from '../../data-requests/data-request.repository';
import { CancelRejection } from './cancel-rejection';

describe('CancelRejection', () => {
  const setup = (rejection: unknown) => {
    const fake = fakeUseCaseKit();
    const repo = stub<DataRequestRepository>({
      findForStaff: jest.fn().mockResolvedValue({
        id: 'r1',
        uploaded_at: null,
        patient_user_id: 'u1',
        document_requests: [{ id: 'd1', type: 'REPORTS', rejection }],
      }),
      setRejection: jest.fn(),
      addTimeline: jest.fn(),
    });
    return { fake, repo, useCase: new CancelRejection(fake.kit, repo) };
  };
  it('clears the rejection and emits the cancelled event, audited', async () => {
    const { fake, repo, useCase } = setup({ nrrType: 'OTHER' });
    await useCase.execute('s', { patientRequestId: 'r1', documentRequestId: 'd1' }, testCaller('s'));
    expect(repo.setRejection).toHaveBeenCalledWith(fake.tx, 'd1', null);
    expect(fake.events).toEqual([
      {
        type: 'provider.document-request-rejection-cancelled',
        payload: expect.objectContaining({ documentRequestId: 'd1', documentRequestType: 'REPORTS' }),
      },
    ]);
    expect(fake.audit).toHaveLength(1);
  });
  it('answers 409 when the document request is not rejected', async () => {
    const { fake, useCase } = setup(null);
    await expect(
      useCase.execute('s', { patientRequestId: 'r1', documentRequestId: 'd1' }, testCaller('s')),
    ).rejects.toMatchObject({ code: 'RESOURCE.CONFLICT' });
    expect(fake.events).toEqual([]);
  });
});
