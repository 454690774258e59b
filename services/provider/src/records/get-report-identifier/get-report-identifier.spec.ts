import { PROVIDER_REPORT_IDENTIFIER_TTL_SECONDS } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DocumentRepository } from '../../documents/document.repository';
import type { ReportLinks } from '../report-links';
import { GetReportIdentifier } from './get-report-identifier';

describe('GetReportIdentifier', () => {
  const setup = (record: object | null, document: object | null) => {
    const fake = fakeUseCaseKit();
    const issue = jest.fn().mockResolvedValue('sealed');
    const documents = stub<DocumentRepository>({
      findDeliveredForStaff: jest.fn().mockResolvedValue(record),
      find: jest.fn().mockResolvedValue(document),
    });
    return {
      fake,
      issue,
      documents,
      useCase: new GetReportIdentifier(fake.kit, documents, stub<ReportLinks>({ issue })),
    };
  };
  const record = { id: 'study1', patient_user_id: 'u1', study_uid: '1.2.3', patient_request_id: 'r1' };
  const pdf = {
    id: 'doc1',
    blob_key: 'provider/r1/d1/k',
    content_type: 'application/pdf',
    file_name: 'report.pdf',
  };

  it("issues an identifier for a report of the delivered record's request, audited with the patient as subject", async () => {
    const { fake, issue, documents, useCase } = setup(record, pdf);
    await expect(
      useCase.execute('s', { recordId: 'study1', documentId: 'doc1' }, testCaller('s')),
    ).resolves.toEqual({ identifier: 'sealed' });
    // The document is looked up under the record's own request only.
    expect(documents.find).toHaveBeenCalledWith(fake.kit.db, 'r1', 'doc1');
    expect(issue).toHaveBeenCalledWith(
      { key: 'provider/r1/d1/k', contentType: 'application/pdf', fileName: 'report.pdf' },
      PROVIDER_REPORT_IDENTIFIER_TTL_SECONDS,
    );
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'provider.report-read', resourceId: 'doc1', subjectId: 'u1' }),
    ]);
  });

  it("answers 404 for another facility's record or a document of another request, 415 for a DICOM file; issues nothing", async () => {
    for (const [r, d, code] of [
      [null, pdf, 'RESOURCE.NOT_FOUND'],
      [record, null, 'RESOURCE.NOT_FOUND'],
      [record, { ...pdf, content_type: 'application/dicom' }, 'FILE.INVALID_TYPE'],
    ] as const) {
      const { issue, useCase, fake } = setup(r, d);
      await expect(
        useCase.execute('s', { recordId: 'study1', documentId: 'doc1' }, testCaller('s')),
      ).rejects.toMatchObject({ code });
      expect(issue).not.toHaveBeenCalled();
      expect(fake.audit).toEqual([]);
    }
  });
});
