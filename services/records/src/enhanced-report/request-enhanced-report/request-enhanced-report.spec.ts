import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AttachmentRepository } from '../../attachments/attachment.repository';
import { aDocument, aRequest } from '../../attachments/test-fixtures';
import type { EnhancedReportRepository, EnhancedReportRow } from '../enhanced-report.repository';
import { RequestEnhancedReport } from './request-enhanced-report';

const reportPdf = async () => {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('IMPRESSION: Small nodule, likely benign.', {
    x: 50,
    y: 700,
    size: 11,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
};

describe('RequestEnhancedReport', () => {
  const setup = async (
    opts: {
      reusable?: Partial<EnhancedReportRow>;
      document?: ReturnType<typeof aDocument> | null;
      request?: boolean;
      bytes?: Buffer;
    } = {},
  ) => {
    const fake = fakeUseCaseKit();
    const bytes = opts.bytes ?? (await reportPdf());
    const blobs = { read: jest.fn().mockResolvedValue(bytes), write: jest.fn().mockResolvedValue(undefined) };
    const reports = {
      findReusable: jest.fn().mockResolvedValue(opts.reusable ?? null),
      insert: jest.fn().mockResolvedValue(undefined),
      markReady: jest.fn().mockResolvedValue(undefined),
      markFailed: jest.fn().mockResolvedValue(undefined),
    };
    const attachments = stub<AttachmentRepository>({
      findOwnedRequest: jest.fn().mockResolvedValue(opts.request === false ? null : aRequest()),
      findDocument: jest.fn().mockResolvedValue(opts.document === undefined ? aDocument() : opts.document),
    });
    const useCase = new RequestEnhancedReport(
      fake.kit,
      stub<BlobStore>(blobs),
      attachments,
      stub<EnhancedReportRepository>(reports),
    );
    return { fake, blobs, reports, useCase };
  };

  it('makes a row, answers its identifier and builds the page in the background until it is ready', async () => {
    const { fake, blobs, reports, useCase } = await setup();
    const { identifier } = await useCase.execute('u1', 'r1', 'd1', testCaller('u1'));
    expect(reports.insert).toHaveBeenCalledWith(fake.kit.db, {
      identifier,
      userId: 'u1',
      patientRequestId: 'r1',
      documentId: 'd1',
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.enhanced-report-requested',
        resourceId: 'd1',
        detail: { identifier, reused: false },
      }),
    ]);
    await useCase.onModuleDestroy();
    expect(blobs.read).toHaveBeenCalledWith('provider/r1/dr1/k1');
    const [key, page, type] = blobs.write.mock.calls[0];
    expect(key).toBe(`records/enhanced/u1/${identifier}.html`);
    expect(type).toBe('text/html');
    expect(page.toString()).toContain('<dt>nodule</dt>');
    expect(reports.markReady).toHaveBeenCalledWith(fake.kit.db, identifier, key);
  });

  it('reuses a ready or running report of the same document', async () => {
    const { reports, blobs, useCase } = await setup({ reusable: { identifier: 'e1', status: 'ready' } });
    await expect(useCase.execute('u1', 'r1', 'd1', testCaller('u1'))).resolves.toEqual({ identifier: 'e1' });
    await useCase.onModuleDestroy();
    expect(reports.insert).not.toHaveBeenCalled();
    expect(blobs.read).not.toHaveBeenCalled();
  });

  it('marks the work failed, with why, for a file that is no readable PDF', async () => {
    const { reports, useCase, fake } = await setup({ bytes: Buffer.from('garbage') });
    const { identifier } = await useCase.execute('u1', 'r1', 'd1', testCaller('u1'));
    await useCase.onModuleDestroy();
    expect(reports.markReady).not.toHaveBeenCalled();
    expect(reports.markFailed).toHaveBeenCalledWith(
      fake.kit.db,
      identifier,
      expect.stringContaining('could not be read'),
    );
  });

  it('refuses a document that is no PDF report (400), and answers 404 for what is not the caller’s', async () => {
    await expect(
      (
        await setup({ document: aDocument({ content_type: 'image/png', document_request_type: 'OTHERS' }) })
      ).useCase.execute('u1', 'r1', 'd1', testCaller('u1')),
    ).rejects.toMatchObject({ code: 'REQUEST.VALIDATION_FAILED' });
    await expect(
      (await setup({ document: null })).useCase.execute('u1', 'r1', 'dx', testCaller('u1')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    const other = await setup({ request: false });
    await expect(other.useCase.execute('u2', 'r1', 'd1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(other.reports.insert).not.toHaveBeenCalled();
  });
});
