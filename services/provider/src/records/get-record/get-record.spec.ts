import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DocumentRepository, StoredDocument } from '../../documents/document.repository';
import { GetRecord } from './get-record';

const doc = (id: string, content_type: string, extra: Partial<StoredDocument> = {}): StoredDocument => ({
  id,
  patient_request_id: 'r1',
  document_request_id: 'dr1',
  document_request_type: content_type === 'application/dicom' ? 'IMAGES' : 'REPORTS',
  blob_key: `k/${id}`,
  file_name: `${id}.bin`,
  path: `${id}.bin`,
  content_type,
  size: 10,
  study_uid: null,
  study_description: null,
  study_date: null,
  modality: null,
  created_at: new Date('2025-01-02T00:00:00Z'),
  ...extra,
});
const record = (id: string) => ({ id, patientRequestId: 'r1', record_name: 'x' });

describe('GetRecord', () => {
  const setup = (recordId: string, delivered = true) => {
    const fake = fakeUseCaseKit();
    const files = [
      doc('report', 'application/pdf'),
      doc('study', 'application/dicom', { study_uid: '1.2.3', modality: 'MR', study_description: 'KNEE' }),
      doc('img', 'application/dicom', { study_uid: '1.2.3' }),
    ];
    const documents = stub<DocumentRepository>({
      findDeliveredForStaff: jest
        .fn()
        .mockResolvedValue(
          delivered
            ? { id: recordId, patient_user_id: 'u1', study_uid: null, patient_request_id: 'r1' }
            : null,
        ),
      records: jest.fn().mockResolvedValue(delivered ? [record(recordId)] : []),
      listForRequest: jest.fn().mockResolvedValue(files),
    });
    return { fake, documents, useCase: new GetRecord(fake.kit, documents) };
  };

  it("gives a study record its study and the request's reports (no DICOM among them), audited", async () => {
    const { fake, documents, useCase } = setup('study');
    const detail = await useCase.execute('s', 'study', testCaller('s'));
    expect(detail.study).toEqual({ study_uid: '1.2.3', modality: 'MR', description: 'KNEE' });
    expect(detail.reports.map((d) => d.id)).toEqual(['report']);
    expect(documents.records).toHaveBeenCalledWith(fake.kit.db, 's', {
      favouritesOnly: false,
      search: '',
      recordId: 'study',
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'provider.record-read', resourceId: 'study', subjectId: 'u1' }),
    ]);
  });

  it('gives a report record no study and itself as the first report', async () => {
    const { useCase } = setup('report');
    const detail = await useCase.execute('s', 'report', testCaller('s'));
    expect(detail.study).toBeNull();
    expect(detail.reports[0]).toMatchObject({ id: 'report', openable: true });
  });

  it("answers 404 for a record not delivered by the caller's facilities (another facility's), reading nothing of it", async () => {
    const { fake, documents, useCase } = setup('study', false);
    await expect(useCase.execute('s', 'study', testCaller('s'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(documents.listForRequest).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });
});
