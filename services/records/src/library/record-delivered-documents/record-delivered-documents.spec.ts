import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../library.repository';
import { isLibraryDocument, RecordDeliveredDocuments } from './record-delivered-documents';

const doc = (documentId: string, contentType: string, fileName: string) => ({
  documentId,
  documentRequestId: 'd1',
  documentRequestType: 'REPORTS',
  key: `provider/${documentId}`,
  fileName,
  path: fileName,
  contentType,
  size: 100,
});

describe('RecordDeliveredDocuments', () => {
  it("keeps the delivery's PDFs and images as library documents of the request (DICOM is imaging's), audited", async () => {
    const fake = fakeUseCaseKit();
    const insertDocuments = jest.fn();
    const useCase = new RecordDeliveredDocuments(
      fake.kit,
      stub<LibraryRepository>({ insertDocuments }, 'library'),
    );
    await fake.kit.transaction((tx) =>
      useCase.execute(tx, {
        patientRequestId: 'r1',
        userId: 'u1',
        custodianId: 'c1',
        custodianName: 'St. Mary Imaging Center',
        submittedAt: '2026-01-07T09:00:00.000Z',
        documents: [
          doc('f1', 'application/pdf', 'report.pdf'),
          doc('f2', 'application/dicom', 'IMG1'),
          doc('f3', 'image/png', 'scan.png'),
          doc('f4', 'application/zip', 'cd.zip'),
        ],
      }),
    );
    expect(insertDocuments).toHaveBeenCalledWith(fake.tx, 'u1', 'r1', '2026-01-07T09:00:00.000Z', [
      expect.objectContaining({
        id: 'f1',
        fileName: 'report.pdf',
        key: 'provider/f1',
        contentType: 'application/pdf',
        documentRequestType: 'REPORTS',
      }),
      expect.objectContaining({ id: 'f3', fileName: 'scan.png' }),
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.documents-delivered',
        resourceId: 'r1',
        subjectId: 'u1',
        detail: { documents: 2 },
      }),
    ]);
  });

  it('opens PDFs and images only', () => {
    expect(
      ['application/pdf', 'image/jpeg', 'application/dicom', 'application/zip'].map(isLibraryDocument),
    ).toEqual([true, true, false, false]);
  });
});
