import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, RECORDS_API, REQUESTS_API, othersFileType, yearLaterThan } from '@portal/contracts';
import { fakeApi, renderAt, signIn, type FakeRoutes } from '../testing';
import { UploadDialog } from './UploadDialog';

const MEMBER = '5a0e8f3c-7b1d-4c2e-9f6a-3b4c5d6e7f80';
const FORM = {
  key: 'self-uploads/k1',
  inputs: { key: 'self-uploads/k1', 'Content-Type': 'application/pdf' },
  attributes: { action: '/api/blob/upload', enctype: 'multipart/form-data', method: 'POST' },
};

const routes = (over: FakeRoutes = {}): FakeRoutes => ({
  [`GET ${REQUESTS_API.getFamilyMembers}`]: [
    200,
    [
      { id: 'myself', first_name: 'Myself', last_name: '' },
      { id: MEMBER, first_name: 'Tom', last_name: 'Lee' },
    ],
  ],
  [`GET ${RECORDS_API.init}`]: [
    200,
    { enable_dicom_viewer: true, personId: 'c3d2e1f0-1111-4222-8333-944455556666' },
  ],
  [`GET ${RECORDS_API.uploadForm}`]: [200, FORM],
  [`POST ${RECORDS_API.manuallyUploadImages}`]: [200, { patientRequestId: 'r9' }],
  ...over,
});

/** fakeApi answers JSON bodies; the multipart POST to the form's action is answered (and kept) here. */
const withMultipart = (posted: FormData[], ok = true) => {
  const json = global.fetch;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) {
      posted.push(init.body);
      return { status: ok ? 204 : 403, statusText: '', ok, text: async () => '' } as Response;
    }
    return json(input, init);
  }) as typeof fetch;
};

const setup = (over: FakeRoutes = {}) => {
  const calls = fakeApi(routes(over));
  const posted: FormData[] = [];
  withMultipart(posted);
  const onClose = jest.fn();
  const onUploaded = jest.fn();
  renderAt(
    '/patient/my-records/all-requests',
    <UploadDialog open onClose={onClose} onUploaded={onUploaded} />,
  );
  return { calls, posted, onClose, onUploaded };
};

const file = (name: string, type = 'application/pdf') => new File(['%PDF-1.4'], name, { type });
const choose = (...files: File[]) =>
  act(async () => fireEvent.change(screen.getByTestId('upload-file'), { target: { files } }));
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, text: string) =>
  act(async () => {
    fireEvent.change(input(testId), { target: { value: text } });
    fireEvent.blur(input(testId));
  });
const pick = async (testId: string, option: string | RegExp) => {
  fireEvent.mouseDown(screen.getByTestId(testId));
  const choice = within(screen.getByRole('listbox')).getByRole('option', { name: option });
  await act(async () => fireEvent.click(choice));
};
const submit = () => act(async () => fireEvent.click(screen.getByTestId('upload-submit')));
const helper = (testId: string) => document.getElementById(`${testId}-helper-text`)?.textContent ?? '';

describe('Upload dialog', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('starts with a drop zone; a file shows the form with the type from its extension; several files are refused', async () => {
    setup();
    expect(screen.getByTestId('upload-state-empty')).toBeTruthy();
    expect(screen.getByTestId('upload-file-zone')).toBeTruthy();
    await choose(file('a.pdf'), file('b.pdf'));
    expect(screen.getByText(MESSAGES.oneFilePerUpload)).toBeTruthy();
    expect(screen.getByTestId('upload-state-empty')).toBeTruthy();
    await choose(file('scan.zip', 'application/zip'));
    expect(screen.getByTestId('upload-state-chosen')).toBeTruthy();
    expect(screen.getByTestId('upload-file-name').textContent).toBe('scan.zip');
    expect(screen.getByTestId('upload-record-type').textContent).toBe('Imaging');
    expect(screen.getByTestId('upload-submit')).toBeTruthy();
    expect(screen.getByTestId('upload-replace')).toBeTruthy();
    await act(async () =>
      fireEvent.change(screen.getByTestId('upload-replace-input'), {
        target: { files: [file('report.pdf')] },
      }),
    );
    expect(screen.getByTestId('upload-file-name').textContent).toBe('report.pdf');
    expect(screen.getByTestId('upload-record-type').textContent).toBe('Report');
    await act(async () =>
      fireEvent.change(screen.getByTestId('upload-replace-input'), {
        target: { files: [file('photo.png', 'image/png')] },
      }),
    );
    expect(screen.getByTestId('upload-record-type').textContent).toBe('Other');
  });

  it('lists Myself first, then the family members', async () => {
    setup();
    await choose(file('report.pdf'));
    fireEvent.mouseDown(screen.getByTestId('upload-patient'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Myself', 'Tom Lee']),
    );
  });

  it('shows every message of the form', async () => {
    const { calls } = setup();
    await choose(file('report.pdf'));
    await submit();
    expect(helper('upload-patient')).toBe(MESSAGES.selectPatientName);
    expect(input('upload-record-name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(MESSAGES.recordNameRequired)).toBeTruthy();
    expect(helper('upload-exam-month')).toBe(MESSAGES.monthRequired);
    expect(screen.getByText(MESSAGES.yearRequired)).toBeTruthy();
    await type('upload-record-name', ' MRI');
    expect(screen.getByText(MESSAGES.cannotStartWithSpace)).toBeTruthy();
    await type('upload-exam-year', '1899');
    expect(screen.getByText(MESSAGES.yearNotBefore1900)).toBeTruthy();
    const next = new Date().getFullYear() + 1;
    await type('upload-exam-year', String(next));
    expect(screen.getByText(yearLaterThan(next - 1))).toBeTruthy();
    await type('upload-exam-year', '20a2x4');
    expect(input('upload-exam-year').value).toBe('2024');
    await pick('upload-record-type', 'Imaging');
    expect(screen.getByTestId('upload-file-error').textContent).toBe(MESSAGES.imagingFileType);
    await pick('upload-record-type', 'Other');
    expect(screen.getByTestId('upload-file-error').textContent).toBe(othersFileType('pdf'));
    await act(async () =>
      fireEvent.change(screen.getByTestId('upload-replace-input'), {
        target: { files: [file('scan.dcm', 'application/dicom')] },
      }),
    );
    await pick('upload-record-type', 'Report');
    expect(screen.getByTestId('upload-file-error').textContent).toBe(MESSAGES.reportsFileType);
    expect(calls.some((c) => c.path === RECORDS_API.uploadForm)).toBe(false);
  });

  it('uploads for a family member: the form, the file to its action, then manuallyUploadImages; green toast, reload, close', async () => {
    const { calls, posted, onClose, onUploaded } = setup();
    await choose(file('report.pdf'));
    await pick('upload-patient', 'Tom Lee');
    await type('upload-record-name', 'Knee MRI report');
    await pick('upload-exam-month', 'March');
    await type('upload-exam-year', '2024');
    await submit();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
    const form = calls.find((c) => c.path === RECORDS_API.uploadForm);
    expect(Object.fromEntries(form?.query ?? [])).toEqual({
      fileName: 'report.pdf',
      size: '8',
      recordType: 'REPORTS',
    });
    expect(posted).toHaveLength(1);
    expect([...posted[0].keys()]).toEqual(['key', 'Content-Type', 'file']);
    expect((posted[0].get('file') as File).name).toBe('report.pdf');
    expect(calls.find((c) => c.path === RECORDS_API.manuallyUploadImages)?.body).toEqual({
      uploaded_images: [{ id: 'self-uploads/k1', path: 'report.pdf', file_name: 'report.pdf' }],
      family_member_id: MEMBER,
      personId: MEMBER,
      examDate: '01/03/2024',
      recordName: 'Knee MRI report',
      recordType: 'REPORTS',
    });
    expect(await screen.findByText(MESSAGES.recordsUploaded)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('uploads for Myself with the personId of init and no family member', async () => {
    const { calls, onUploaded } = setup();
    await choose(file('knee.dcm', 'application/dicom'));
    await pick('upload-patient', 'Myself');
    await type('upload-record-name', 'Knee');
    await pick('upload-exam-month', 'December');
    await type('upload-exam-year', '2020');
    await submit();
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(calls.find((c) => c.path === RECORDS_API.manuallyUploadImages)?.body).toMatchObject({
      family_member_id: null,
      personId: 'c3d2e1f0-1111-4222-8333-944455556666',
      examDate: '01/12/2020',
      recordType: 'IMAGES',
    });
  });

  it('a refused upload is a red toast with the server message and keeps the form', async () => {
    const { onUploaded, onClose } = setup({
      [`POST ${RECORDS_API.manuallyUploadImages}`]: [
        400,
        { statusCode: 400, code: 'FILE.INVALID_TYPE', message: 'Invalid file type' },
      ],
    });
    await choose(file('report.pdf'));
    await pick('upload-patient', 'Myself');
    await type('upload-record-name', 'Report');
    await pick('upload-exam-month', 'May');
    await type('upload-exam-year', '2023');
    await submit();
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('upload-state-chosen')).toBeTruthy());
    expect(input('upload-record-name').value).toBe('Report');
    expect(onUploaded).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows progress while uploading', async () => {
    let release: (v: [number, unknown]) => void = () => undefined;
    const pending = new Promise<[number, unknown]>((r) => (release = r));
    const calls = fakeApi(routes());
    const json = global.fetch;
    global.fetch = jest.fn(async (i: RequestInfo | URL, init?: RequestInit) => {
      if (String(i).includes('getPresignedUploadUrl')) {
        const [status, body] = await pending;
        return {
          status,
          statusText: '',
          ok: status < 300,
          text: async () => JSON.stringify(body),
        } as Response;
      }
      return json(i, init);
    }) as typeof fetch;
    renderAt('/x', <UploadDialog open onClose={jest.fn()} onUploaded={jest.fn()} />);
    await choose(file('report.pdf'));
    await pick('upload-patient', 'Myself');
    await type('upload-record-name', 'Report');
    await pick('upload-exam-month', 'May');
    await type('upload-exam-year', '2023');
    await submit();
    expect(screen.getByTestId('upload-progress').textContent).toContain('Uploading report.pdf');
    expect((screen.getByTestId('upload-cancel') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release([500, { message: 'Storage is down' }]));
    expect(await screen.findByText('Storage is down')).toBeTruthy();
    expect(screen.getByTestId('upload-state-chosen')).toBeTruthy();
    expect(calls.some((c) => c.path === RECORDS_API.manuallyUploadImages)).toBe(false);
  });

  it('Cancel closes and resets to the drop zone', async () => {
    const { onClose } = setup();
    await choose(file('report.pdf'));
    fireEvent.click(screen.getByTestId('upload-cancel'));
    expect(onClose).toHaveBeenCalled();
  });
});
