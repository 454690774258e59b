import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DocumentRepository } from '../../documents/document.repository';
import type { DataRequestRepository } from '../data-request.repository';
import { MarkUploaded } from './mark-uploaded';

describe('MarkUploaded', () => {
  const doc = {
    id: 'doc1',
    document_request_id: 'd1',
    document_request_type: 'REPORTS',
    blob_key: 'provider/r1/d1/k',
    file_name: 'a.pdf',
    path: 'a.pdf',
    content_type: 'application/pdf',
    size: '10',
  };
  const setup = (uploaded_at: Date | null, docs: unknown[]) => {
    const fake = fakeUseCaseKit();
    const repo = stub<DataRequestRepository>({
      findForStaff: jest.fn().mockResolvedValue({
        id: 'r1',
        custodian_id: 'c1',
        custodian_name: 'St. Mary',
        uploaded_at,
        patient_user_id: 'u1',
      }),
      markUploaded: jest.fn().mockResolvedValue(true),
      setStatus: jest.fn().mockResolvedValue(true),
      addTimeline: jest.fn(),
    });
    return {
      fake,
      repo,
      useCase: new MarkUploaded(
        fake.kit,
        repo,
        stub<DocumentRepository>({ listForRequest: jest.fn().mockResolvedValue(docs) }),
      ),
    };
  };
  it('marks the request submitted and emits every document with its key, names, type and size', async () => {
    const { fake, repo, useCase } = setup(null, [doc]);
    await useCase.execute('s', 'r1', testCaller('s'));
    expect(repo.markUploaded).toHaveBeenCalledWith(fake.tx, 'r1', expect.any(Date));
    // The facility's inbox shows the submission at once, not New until the requests context answers.
    expect(repo.setStatus).toHaveBeenCalledWith(fake.tx, 'r1', 'Uploaded by external provider');
    expect(fake.events).toEqual([
      {
        type: 'provider.records-submitted',
        payload: expect.objectContaining({
          patientRequestId: 'r1',
          custodianId: 'c1',
          documents: [
            {
              documentId: 'doc1',
              documentRequestId: 'd1',
              documentRequestType: 'REPORTS',
              key: 'provider/r1/d1/k',
              fileName: 'a.pdf',
              path: 'a.pdf',
              contentType: 'application/pdf',
              size: 10,
            },
          ],
        }),
      },
    ]);
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'provider.records-submitted' })]);
  });
  it('refuses a request without documents (400) and a second submit (409)', async () => {
    await expect(setup(null, []).useCase.execute('s', 'r1', testCaller('s'))).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
    });
    await expect(setup(new Date(), [doc]).useCase.execute('s', 'r1', testCaller('s'))).rejects.toMatchObject({
      code: 'RESOURCE.CONFLICT',
    });
  });
});
