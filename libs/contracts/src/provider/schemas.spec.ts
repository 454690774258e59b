import { addDocumentsSchema, rejectDocumentRequestSchema } from './schemas';

const ID = '7f0c1b7e-3c2a-4b7e-9a39-2f1d3c4b5a69';
const doc = (file_name: string, path = file_name) => ({
  patientRequestId: ID,
  documentRequestId: ID,
  uploadedDocuments: [{ key: 'k', file_name, path }],
});

describe('provider schemas', () => {
  it('keeps folder paths inside the dropped folder and file names bare', () => {
    expect(addDocumentsSchema.isValidSync(doc('IM0001.dcm', 'CD/DICOM/IM0001.dcm'))).toBe(true);
    expect(addDocumentsSchema.isValidSync(doc('IM0001.dcm', '../etc/IM0001.dcm'))).toBe(false);
    expect(addDocumentsSchema.isValidSync(doc('IM0001.dcm', '/etc/passwd'))).toBe(false);
    expect(addDocumentsSchema.isValidSync(doc('IM0001.dcm', 'C:\\Windows\\x.dcm'))).toBe(false);
    expect(addDocumentsSchema.isValidSync(doc('../x.pdf', 'x.pdf'))).toBe(false);
    expect(addDocumentsSchema.isValidSync(doc('re\u0000port.pdf'))).toBe(false);
  });

  it('asks for notes only for OTHER, and drops notes given with another reason', () => {
    const base = { patientRequestId: ID, documentRequestId: ID };
    expect(() =>
      rejectDocumentRequestSchema.validateSync({ ...base, nrrType: 'OTHER', otherReason: '  ' }),
    ).toThrow('Please add a note for the reason');
    expect(() => rejectDocumentRequestSchema.validateSync({ ...base })).toThrow('Please select a reason');
    expect(
      rejectDocumentRequestSchema.validateSync({
        ...base,
        nrrType: 'RECORDS_FILMS_ARE_LOST',
        otherReason: 'x',
      }).otherReason,
    ).toBeNull();
  });
});
