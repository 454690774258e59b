import { manualUploadSchema, uploadRecordForm, fileTypeMessage } from './schemas';
import { detailsPageOf, isOpenStatus, rowActions, showsImagingTab, viewDisabled } from './rules';
import { examDateOf, recordTypeOfFile } from './types';

const payload = {
  uploaded_images: [{ id: 'records/self/u/k', path: 'a.pdf', file_name: 'a.pdf' }],
  family_member_id: null,
  personId: '7f0c1b7e-3c2a-4b7e-9a39-2f1d3c4b5a69',
  examDate: '01/03/2024',
  recordName: 'Blood test',
  recordType: 'REPORTS',
};
const messageOf = async (schema: { validate: (v: unknown) => Promise<unknown> }, value: unknown) =>
  schema.validate(value).then(
    () => null,
    (e: Error) => e.message,
  );

describe('the upload form (records spec §5)', () => {
  const form = (over: object) => ({
    patientId: 'myself',
    recordName: 'Blood test',
    examMonth: 3,
    examYear: '2024',
    recordType: 'REPORTS',
    fileName: 'a.pdf',
    ...over,
  });
  const year = new Date().getFullYear();

  it.each([
    [{ patientId: '' }, 'Please select patient name'],
    [{ recordName: '' }, 'Please give record a name'],
    [{ recordName: ' Blood' }, 'Cannot start with a space'],
    [{ examYear: '' }, 'Year is required'],
    [{ examYear: 'abcd' }, 'Year must be a number'],
    [{ examYear: '1899' }, 'Year cannot be earlier than 1900'],
    [{ examYear: String(year + 1) }, `Year cannot be later than ${year}`],
    [{ fileName: 'scan.png', recordType: 'IMAGES' }, 'Imaging can only be a .dcm or .zip file'],
    [{ fileName: 'scan.dcm', recordType: 'REPORTS' }, 'Reports can only be a .pdf file'],
    [
      { fileName: 'scan.zip', recordType: 'OTHERS' },
      'Files of type .zip should be uploaded as Reports or Imaging',
    ],
    [{ fileName: '' }, 'No file selected'],
  ])('%j: %s', async (over, message) => {
    expect(await messageOf(uploadRecordForm(), form(over))).toBe(message);
  });

  it('accepts a complete form, and the server payload refuses a leading space and a second file', async () => {
    expect(await messageOf(uploadRecordForm(), form({}))).toBeNull();
    expect(await messageOf(manualUploadSchema, payload)).toBeNull();
    expect(await messageOf(manualUploadSchema, { ...payload, recordName: ' x' })).toBe(
      'Cannot start with a space',
    );
    expect(
      await messageOf(manualUploadSchema, {
        ...payload,
        uploaded_images: [...payload.uploaded_images, ...payload.uploaded_images],
      }),
    ).toBe('Only one file can be uploaded at a time');
    expect(await messageOf(manualUploadSchema, { ...payload, examDate: '15/03/2024' })).toBe(
      'examDate must be 01/MM/YYYY',
    );
  });

  it('defaults the record type from the extension and sends the exam date as day 01', () => {
    expect(['a.PDF', 'b.dcm', 'c.zip', 'd.png'].map(recordTypeOfFile)).toEqual([
      'REPORTS',
      'IMAGES',
      'IMAGES',
      'OTHERS',
    ]);
    expect(examDateOf(3, 2024)).toBe('01/03/2024');
    expect(fileTypeMessage('x.pdf', 'REPORTS')).toBeNull();
  });
});

describe('the library rules (records spec §2.3, §2.4)', () => {
  const row = {
    kind: 'study' as const,
    status: 'Completed',
    manual_upload_dicom: false,
    showImagingView: true,
    has_attachments: false,
    facilityId: 'f1',
  };

  it('opens the review of open requests from home, the report details otherwise', () => {
    expect(detailsPageOf({ ...row, status: 'New' }, 'home')).toBe('review-request-details');
    expect(detailsPageOf({ ...row, status: 'New', manual_upload_dicom: true }, 'home')).toBe(
      'view-request-report-details',
    );
    expect(detailsPageOf({ ...row, showImagingView: false }, 'home')).toBe('review-request-details');
    expect(detailsPageOf(row, 'home')).toBe('view-request-report-details');
    expect(detailsPageOf({ ...row, kind: 'request' })).toBe('review-request-details');
    expect(detailsPageOf(row)).toBe('view-request-report-details');
  });

  it('disables View without facility, attachments and imaging view (open requests: without either)', () => {
    expect(viewDisabled({ ...row, facilityId: null, showImagingView: false })).toBe(true);
    expect(viewDisabled(row)).toBe(false);
    expect(viewDisabled(row, true)).toBe(true);
    expect(viewDisabled({ ...row, has_attachments: true }, true)).toBe(false);
  });

  it('hides Share and Remove for open requests; Remove instead of Share in the shared view', () => {
    expect(rowActions(true, false)).toEqual({ share: false, remove: false });
    expect(rowActions(false, false)).toEqual({ share: true, remove: false });
    expect(rowActions(false, true)).toEqual({ share: false, remove: true });
  });

  it('shows the Imaging tab for IMAGES and IMAGES_ONLY when the viewer is enabled', () => {
    expect(['IMAGES', 'IMAGES_ONLY', 'REPORTS'].map((t) => showsImagingTab(t, true))).toEqual([
      true,
      true,
      false,
    ]);
    expect(showsImagingTab('IMAGES', false)).toBe(false);
  });
});

describe('open requests', () => {
  it('are open until Completed, Declined or Revoked, in any letter case; a delivery not yet indexed is still open', () => {
    expect(
      ['New', 'Pending images by External Provider', 'Uploaded by external provider', undefined].map(
        isOpenStatus,
      ),
    ).toEqual([true, true, true, true]);
    expect(['Completed', 'declined', ' REVOKED '].map(isOpenStatus)).toEqual([false, false, false]);
  });
});
