import { r4Problems } from '@portal/server-kit/testing';
import { aDocumentRow, DOCUMENT, STUDY } from '../test-fixtures';
import { toBinary, toDiagnosticReport, toDocumentReference } from './document.mapper';

describe('document mapping', () => {
  it('makes a report a valid DiagnosticReport presenting its Binary, with its studies', () => {
    const report = toDiagnosticReport(aDocumentRow());
    expect(r4Problems(report)).toEqual([]);
    expect(report).toMatchObject({
      status: 'final',
      effectiveDateTime: '2026-03-01T10:00:00.000Z',
      performer: [{ display: 'St. Mary Imaging Center' }],
      imagingStudy: [{ reference: `ImagingStudy/${STUDY}` }],
      presentedForm: [
        { contentType: 'application/pdf', url: `Binary/${DOCUMENT}`, title: 'report.pdf', size: 1234 },
      ],
    });
  });

  it('dates a self-uploaded report by the exam month the patient gave', () => {
    const report = toDiagnosticReport(
      aDocumentRow({
        manual_upload: true,
        exam_date: '2025-06-01',
        record_name: 'Blood test',
        custodian_name: null,
        study_ids: [],
      }),
    );
    expect(r4Problems(report)).toEqual([]);
    expect(report).toMatchObject({
      effectiveDateTime: '2025-06-01',
      performer: [{ display: 'The patient' }],
    });
    expect(report.imagingStudy).toBeUndefined();
  });

  it('makes every document a valid DocumentReference to its Binary', () => {
    for (const row of [
      aDocumentRow(),
      aDocumentRow({ document_request_type: 'OTHERS', content_type: 'image/png' }),
    ]) {
      const ref = toDocumentReference(row);
      expect(r4Problems(ref)).toEqual([]);
      expect(ref.content[0].attachment).toMatchObject({
        url: `Binary/${DOCUMENT}`,
        contentType: row.content_type,
      });
    }
  });

  it('carries the bytes in a valid Binary, and an empty file without data', () => {
    const doc = { id: DOCUMENT, content_type: 'application/pdf', created_at: new Date() };
    expect(toBinary(doc, Buffer.from('%PDF')).data).toBe(Buffer.from('%PDF').toString('base64'));
    expect(r4Problems(toBinary(doc, Buffer.from('%PDF')))).toEqual([]);
    expect(toBinary(doc, Buffer.alloc(0)).data).toBeUndefined();
  });
});
