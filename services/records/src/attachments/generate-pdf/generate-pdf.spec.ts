import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AttachmentRepository } from '../attachment.repository';
import type { DownloadIdentifiers } from '../download-identifiers';
import { aDocument, aRequest, aStudy } from '../test-fixtures';
import { GeneratePdf } from './generate-pdf';
import { pdfSafe, recordSummaryPdf } from './record-summary-pdf';

import { extractPdfText as textOf } from '../../enhanced-report/pdf-text';

describe('GeneratePdf', () => {
  const setup = (found: {
    study?: boolean;
    document?: ReturnType<typeof aDocument>;
    request?: ReturnType<typeof aRequest> | null;
  }) => {
    const fake = fakeUseCaseKit();
    const write = jest.fn().mockResolvedValue(undefined);
    const issue = jest.fn().mockResolvedValue({ identifier: 'id-1' });
    const repo = stub<AttachmentRepository>({
      findOwnedRequest: jest.fn().mockResolvedValue(found.request === undefined ? aRequest() : found.request),
      findStudy: jest.fn().mockResolvedValue(found.study ? aStudy() : null),
      findDocument: jest.fn().mockResolvedValue(found.document ?? null),
      listDocuments: jest
        .fn()
        .mockResolvedValue([aDocument(), aDocument({ id: 'd2', file_name: 'referral letter.pdf' })]),
    });
    return {
      fake,
      write,
      issue,
      useCase: new GeneratePdf(
        fake.kit,
        stub<BlobStore>({ write }),
        repo,
        stub<DownloadIdentifiers>({ issue }),
      ),
    };
  };

  it('answers a PDF document as itself', async () => {
    const { write, issue, useCase, fake } = setup({ document: aDocument() });
    await expect(useCase.execute('u1', 'r1', 'd1', testCaller('u1'))).resolves.toEqual({
      identifier: 'id-1',
    });
    expect(write).not.toHaveBeenCalled();
    expect(issue).toHaveBeenCalledWith(
      fake.kit.db,
      'u1',
      { blobKey: 'provider/r1/dr1/k1', fileName: 'report.pdf', contentType: 'application/pdf' },
      expect.any(Date),
    );
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.pdf-generated', resourceId: 'd1' }),
    ]);
  });

  it("makes a one-page summary of a study under the caller's generated prefix", async () => {
    const { write, issue, useCase } = setup({ study: true });
    await useCase.execute('u1', 'r1', 's1', testCaller('u1'), new Date('2025-03-01T08:00:00Z'));
    const [key, bytes, type] = write.mock.calls[0];
    expect(key).toMatch(/^records\/generated\/u1\/[0-9a-f-]{36}\.pdf$/);
    expect(type).toBe('application/pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(bytes);
    for (const s of [
      'MR Brain without contrast',
      'Pat Jordan',
      'St. Mary Imaging Center',
      '2025-01-15',
      'Instances: 20',
      'report.pdf',
      'referral letter.pdf',
      'Generated 2025-03-01 08:00 UTC',
    ])
      expect(text).toContain(s);
    expect(issue.mock.calls[0][2]).toEqual({
      blobKey: key,
      fileName: 'MR Brain without contrast.pdf',
      contentType: 'application/pdf',
    });
  });

  it("summarises a self-uploaded image as 'Self Uploaded' with its record name and exam date", async () => {
    const { write, useCase } = setup({
      document: aDocument({
        content_type: 'image/png',
        file_name: 'knee.png',
        document_request_type: 'OTHERS',
      }),
      request: aRequest({
        manual_upload: true,
        custodian_name: null,
        record_name: 'Knee photo',
        exam_date: '2025-04-01',
      }),
    });
    await useCase.execute('u1', 'r1', 'd1', testCaller('u1'));
    const text = await textOf(write.mock.calls[0][1]);
    for (const s of ['Knee photo', 'Self Uploaded', '2025-04-01', 'knee.png']) expect(text).toContain(s);
  });

  it("answers 404 for another user's request, writing nothing", async () => {
    const { write, issue, useCase } = setup({ study: true, request: null });
    await expect(useCase.execute('u2', 'r1', 's1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(write).not.toHaveBeenCalled();
    expect(issue).not.toHaveBeenCalled();
  });

  it('writes names the standard fonts cannot show as ? and cuts a long attachment list', async () => {
    expect(pdfSafe('Zoë 李\u0007')).toBe('Zoë ??');
    const bytes = await recordSummaryPdf({
      patientName: 'A',
      facility: 'F',
      title: 'T',
      studyDescription: null,
      modality: null,
      date: null,
      instances: null,
      attachments: Array.from({ length: 200 }, (_, i) => `file-${i}.pdf`),
      generatedAt: new Date(),
    });
    expect(await textOf(bytes)).toMatch(/\.\.\. and \d+ more/);
  });
});
