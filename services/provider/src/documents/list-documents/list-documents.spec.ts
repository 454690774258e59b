import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DataRequestRepository } from '../../data-requests/data-request.repository';
import type { DocumentRepository } from '../document.repository';
import { ListDocuments } from './list-documents';

describe('ListDocuments', () => {
  const doc = (id: string, content_type: string) => ({
    id,
    patient_request_id: 'r1',
    document_request_id: 'd1',
    document_request_type: 'IMAGES',
    blob_key: 'k',
    file_name: `${id}.x`,
    path: `${id}.x`,
    content_type,
    size: '12',
    study_uid: null,
    study_description: null,
    study_date: null,
    modality: null,
    created_at: new Date(),
  });
  it('lists the documents with openable false for DICOM and zip, audited', async () => {
    const fake = fakeUseCaseKit();
    const repo = stub<DataRequestRepository>({
      findForStaff: jest.fn().mockResolvedValue({
        id: 'r1',
        patient_user_id: 'u1',
        document_requests: [{ id: 'd1', type: 'IMAGES' }],
      }),
    });
    const docs = stub<DocumentRepository>({
      listForDocumentRequest: jest
        .fn()
        .mockResolvedValue([
          doc('a', 'application/dicom'),
          doc('b', 'application/zip'),
          doc('c', 'application/pdf'),
        ]),
    });
    const list = await new ListDocuments(fake.kit, repo, docs).execute('s', 'r1', 'd1', testCaller('s'));
    expect(list.map((d) => [d.id, d.openable, d.size])).toEqual([
      ['a', false, 12],
      ['b', false, 12],
      ['c', true, 12],
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'provider.documents-read', subjectId: 'u1' }),
    ]);
  });
  it('answers 404 for an unknown document request', async () => {
    const repo = stub<DataRequestRepository>({
      findForStaff: jest.fn().mockResolvedValue({ id: 'r1', document_requests: [] }),
    });
    await expect(
      new ListDocuments(fakeUseCaseKit().kit, repo, stub<DocumentRepository>({})).execute(
        's',
        'r1',
        'd1',
        testCaller('s'),
      ),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
  });
});
