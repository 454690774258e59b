import { fakeUseCaseKit } from '@portal/server-kit/testing';
import { requestInMemory } from '../fulfilment.fixtures';
import { RequestStatusChanges } from '../request-status';
import { RecordRejection } from './record-rejection';

const rejection = (documentRequestId: string, documentRequestType: string) => ({
  patientRequestId: 'r1',
  userId: 'u1',
  documentRequestId,
  documentRequestType,
  rejection: {
    nrrType: 'RECORDS_FILMS_ARE_LOST' as const,
    reason: 'Records/films are lost',
    otherReason: null,
    rejectedAt: '2026-01-05T09:00:00.000Z',
  },
});

describe('RecordRejection', () => {
  const setup = () => {
    const fake = fakeUseCaseKit();
    const mem = requestInMemory();
    return {
      fake,
      ...mem,
      useCase: new RecordRejection(fake.kit, mem.repo, new RequestStatusChanges(fake.kit, mem.repo)),
    };
  };

  it('keeps the rejection on its document request and on the timeline (type and reason); one of two rejected keeps the status', async () => {
    const { fake, state, useCase } = setup();
    await fake.kit.transaction((tx) => useCase.execute(tx, rejection('d2', 'REPORTS')));
    expect(state.documentRequests[1].rejection).toMatchObject({ nrrType: 'RECORDS_FILMS_ARE_LOST' });
    expect(state.timeline.at(-1)).toEqual({
      event: 'REJECTED',
      at: '2026-01-05T09:00:00.000Z',
      detail: 'Reports: Records/films are lost',
    });
    expect(state.request.status).toBe('New');
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'requests.document-request-rejected',
        resourceId: 'd2',
        subjectId: 'u1',
      }),
    ]);
  });

  it('declines the request once every document request is rejected, announcing the status with the rejections', async () => {
    const { fake, state, useCase } = setup();
    await fake.kit.transaction((tx) => useCase.execute(tx, rejection('d1', 'IMAGES')));
    await fake.kit.transaction((tx) => useCase.execute(tx, rejection('d2', 'REPORTS')));
    expect(state.request.status).toBe('Declined');
    expect(fake.events).toEqual([
      {
        type: 'requests.patient-request-status-changed',
        payload: {
          patientRequestId: 'r1',
          userId: 'u1',
          status: 'Declined',
          at: '2026-01-05T09:00:00.000Z',
          documentRequests: [
            {
              id: 'd1',
              type: 'IMAGES',
              rejection: expect.objectContaining({ nrrType: 'RECORDS_FILMS_ARE_LOST' }),
            },
            {
              id: 'd2',
              type: 'REPORTS',
              rejection: expect.objectContaining({ nrrType: 'RECORDS_FILMS_ARE_LOST' }),
            },
          ],
        },
      },
    ]);
    expect(fake.audit.map((a) => a.action)).toContain('requests.status-changed');
  });

  it('ignores a document request the request does not have', async () => {
    const { fake, state, useCase } = setup();
    await fake.kit.transaction((tx) => useCase.execute(tx, rejection('d9', 'IMAGES')));
    expect(state.timeline).toHaveLength(1);
    expect(fake.audit).toEqual([]);
  });
});
