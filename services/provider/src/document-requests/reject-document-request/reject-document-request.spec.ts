import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DataRequestRepository } from '../../data-requests/data-request.repository';
import { RejectDocumentRequest } from './reject-document-request';

describe('RejectDocumentRequest', () => {
  const setup = (rejection: unknown = null, uploaded_at: Date | null = null) => {
    const fake = fakeUseCaseKit();
    const repo = stub<DataRequestRepository>({
      findForStaff: jest.fn().mockResolvedValue({
        id: 'r1',
        uploaded_at,
        patient_user_id: 'u1',
        document_requests: [{ id: 'd1', type: 'REPORTS', rejection }],
      }),
      setRejection: jest.fn(),
      addTimeline: jest.fn(),
    });
    return { fake, repo, useCase: new RejectDocumentRequest(fake.kit, repo) };
  };

  it('keeps the note for OTHER as the reason, emits the rejection and audits it', async () => {
    const { fake, repo, useCase } = setup();
    const rejection = await useCase.execute(
      's',
      {
        patientRequestId: 'r1',
        documentRequestId: 'd1',
        nrrType: 'OTHER',
        otherReason: 'No visits at this facility',
      },
      testCaller('s'),
    );
    expect(rejection).toMatchObject({
      nrrType: 'OTHER',
      reason: 'No visits at this facility',
      otherReason: 'No visits at this facility',
    });
    expect(repo.setRejection).toHaveBeenCalledWith(fake.tx, 'd1', rejection);
    expect(repo.addTimeline).toHaveBeenCalledWith(
      fake.tx,
      'r1',
      'REJECTED',
      expect.any(Date),
      'Reports: No visits at this facility',
    );
    expect(fake.events).toEqual([
      {
        type: 'provider.document-request-rejected',
        payload: expect.objectContaining({
          documentRequestId: 'd1',
          documentRequestType: 'REPORTS',
          rejection,
        }),
      },
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'provider.document-request-rejected', resourceId: 'd1' }),
    ]);
  });

  it("uses the reason's label otherwise and drops a note", async () => {
    const rejection = await setup().useCase.execute(
      's',
      {
        patientRequestId: 'r1',
        documentRequestId: 'd1',
        nrrType: 'RECORDS_FILMS_ARE_LOST',
        otherReason: 'x',
      },
      testCaller('s'),
    );
    expect(rejection).toMatchObject({ reason: 'Records/films are lost', otherReason: null });
  });

  it('answers 409 when rejected already or submitted, emitting nothing', async () => {
    const twice = setup({ nrrType: 'OTHER' });
    await expect(
      twice.useCase.execute(
        's',
        { patientRequestId: 'r1', documentRequestId: 'd1', nrrType: 'OTHER', otherReason: 'x' },
        testCaller('s'),
      ),
    ).rejects.toMatchObject({ code: 'RESOURCE.CONFLICT' });
    const submitted = setup(null, new Date());
    await expect(
      submitted.useCase.execute(
        's',
        { patientRequestId: 'r1', documentRequestId: 'd1', nrrType: 'RECORDS_FILMS_ARE_LOST' },
        testCaller('s'),
      ),
    ).rejects.toMatchObject({ code: 'RESOURCE.CONFLICT' });
    expect([...twice.fake.events, ...submitted.fake.events]).toEqual([]);
  });
});
