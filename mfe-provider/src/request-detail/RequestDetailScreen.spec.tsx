import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  PROVIDER_API,
  type DataRequestDetail,
  type DocumentRequest,
  type ProviderDocument,
} from '@portal/contracts';
import { fakeApi, type Answer, type Call } from '../test/fake-api';
import { renderAt } from '../test/render';
import { RequestDetailScreen } from './RequestDetailScreen';

const RID = '11111111-1111-4111-8111-111111111111';
const IMAGES = '22222222-2222-4222-8222-222222222222';
const REPORTS = '33333333-3333-4333-8333-333333333333';

const dr = (
  id: string,
  mnemonic: string,
  name: string,
  rejection: DocumentRequest['rejection'] = null,
): DocumentRequest => ({ id, document_request_type: { mnemonic, name }, rejection });
const detail = (over: Partial<DataRequestDetail> = {}): DataRequestDetail => ({
  id: RID,
  created: '2026-11-20T10:00:00Z',
  organization: { id: 'o1', name: 'St. Mary Imaging Center' },
  status: { name: 'New' },
  patients: [{ id: 'p1', first_name: 'Pat', last_name: 'Jordan', patient_dob: '1984-03-12' }],
  document_request: [dr(IMAGES, 'IMAGES', 'Images'), dr(REPORTS, 'REPORTS', 'Reports')],
  starred: false,
  date_from: '2025-01-01',
  date_to: '2025-12-31',
  body_parts: ['Knee', 'Head'],
  due_date: '2026-12-20',
  days_left: 5,
  seen_at: '2026-11-21T09:00:00Z',
  uploaded_at: null,
  timeline: [
    { event: 'SUBMITTED', at: '2026-11-20T10:00:00Z' },
    { event: 'SEEN_BY_FACILITY', at: '2026-11-21T09:00:00Z' },
  ],
  ...over,
});
const doc = (id: string, file_name: string, over: Partial<ProviderDocument> = {}): ProviderDocument => ({
  id,
  filename: file_name,
  file_name,
  path: file_name,
  document_request: { id: IMAGES, document_request_type: { mnemonic: 'IMAGES', name: 'Images' } },
  content_type: 'application/dicom',
  size: 2048,
  created: '2026-11-22T10:00:00Z',
  openable: false,
  ...over,
});

/** The context's answers for one request; `files` per document request id. */
const context = (
  request: DataRequestDetail,
  files: Record<string, ProviderDocument[]> = {},
  extra: Record<string, Answer> = {},
) =>
  fakeApi({
    [`GET ${PROVIDER_API.dataRequest(RID)}`]: [200, request],
    [`GET ${PROVIDER_API.otherDocuments(RID)}`]: [
      200,
      [
        {
          id: 'o1',
          kind: 'authorization_form',
          file_name: 'authorization.pdf',
          content_type: 'application/pdf',
        },
      ],
    ],
    [`GET ${PROVIDER_API.documents(RID, IMAGES)}`]: [200, files[IMAGES] ?? []],
    [`GET ${PROVIDER_API.documents(RID, REPORTS)}`]: [200, files[REPORTS] ?? []],
    ...extra,
  });

const openDetail = (entry = `/provider/patient-request-detail/${RID}`) =>
  renderAt(
    entry,
    entry.startsWith('/provider')
      ? '/provider/patient-request-detail/:patientRequestId'
      : entry.split('?')[0],
    <RequestDetailScreen />,
  );

const posted = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('the request detail', () => {
  it('shows the patient, what is asked, the due date, the timeline and the files of the first record type', async () => {
    context(detail(), {
      [IMAGES]: [
        doc('a', 'IM0001'),
        doc('b', 'ct-report.pdf', { openable: true, content_type: 'application/pdf' }),
      ],
    });
    openDetail();
    // The title shows before the request arrives ('Request detail'): wait for the patient's name in it.
    await waitFor(() =>
      expect(screen.getByTestId('request-detail-title').textContent).toBe('Request detail: Jordan, Pat'),
    );
    expect(screen.getByTestId('detail-dob').textContent).toBe('03/12/1984');
    expect(screen.getByTestId('detail-records-requested').textContent).toBe('Images, Reports');
    expect(screen.getByTestId('detail-date-range').textContent).toBe('01/01/2025 – 12/31/2025');
    expect(screen.getByTestId('detail-body-part').textContent).toBe('Knee, Head');
    expect(screen.getByTestId('detail-due').textContent).toContain('12/20/2026');
    expect(screen.getByTestId('detail-due').textContent).toContain('5 days left');
    expect(
      screen.getAllByTestId('provider-timeline-entry').map((e) => e.textContent?.split(/\d/)[0]),
    ).toEqual(['Request submitted', 'Seen by the facility']);
    expect(await screen.findByTestId('provider-attachment')).toBeTruthy();
    const rows = await screen.findAllByTestId('provider-document-row');
    expect(rows).toHaveLength(2);
    // Imaging files cannot be opened in the browser; the PDF can.
    expect(within(rows[0]).queryByTestId('provider-document-open')).toBeNull();
    expect(within(rows[1]).getByTestId('provider-document-open')).toBeTruthy();
    expect(screen.getByTestId('document-request-tab-IMAGES').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('provider-folder-input').hasAttribute('webkitdirectory')).toBe(true);
  });

  it('submits the records when files exist, says so in green and goes back to the list', async () => {
    const calls = context(
      detail(),
      { [IMAGES]: [doc('a', 'IM0001')] },
      { [`POST ${PROVIDER_API.markUploaded}`]: [200, {}] },
    );
    openDetail();
    await screen.findByTestId('provider-document-row');
    expect(screen.queryByTestId('provider-record-not-available')).toBeNull();
    fireEvent.click(screen.getByTestId('provider-submit-records'));
    expect((await screen.findByTestId('landed')).textContent).toBe('/provider/external-requests');
    expect(posted(calls, PROVIDER_API.markUploaded)[0].body).toEqual({ patientRequestId: RID });
    expect(await screen.findByText('Patient request has been marked as uploaded successfully')).toBeTruthy();
  });

  it('without files offers Record not available and a disabled Submit; the Reject panel wants a reason, and notes for OTHER', async () => {
    const calls = context(detail(), {}, { [`POST ${PROVIDER_API.reject}`]: [200, {}] });
    openDetail();
    await screen.findByTestId('provider-documents-empty');
    expect((screen.getByTestId('provider-submit-records') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('provider-record-not-available'));
    const panel = await screen.findByTestId('reject-panel');
    const submit = within(panel).getByTestId('reject-submit') as HTMLButtonElement;
    const notes = within(panel).getByTestId('reject-notes') as HTMLTextAreaElement;
    expect(within(panel).getByText('We do not have the requested documents')).toBeTruthy();
    await waitFor(() => expect(submit.disabled).toBe(true));
    expect(notes.disabled).toBe(true);

    fireEvent.click(within(panel).getByTestId('reject-reason-OTHER'));
    await waitFor(() => expect(notes.disabled).toBe(false));
    expect(submit.disabled).toBe(true);
    fireEvent.change(notes, { target: { value: 'Scanned films went to the patient in 2020' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('Request rejected successfully')).toBeTruthy();
    expect(posted(calls, PROVIDER_API.reject)[0].body).toEqual({
      patientRequestId: RID,
      documentRequestId: IMAGES,
      nrrType: 'OTHER',
      otherReason: 'Scanned films went to the patient in 2020',
    });
  });

  it('rejects with a listed reason and no notes', async () => {
    const calls = context(detail(), {}, { [`POST ${PROVIDER_API.reject}`]: [200, {}] });
    openDetail();
    fireEvent.click(await screen.findByTestId('provider-record-not-available'));
    const panel = await screen.findByTestId('reject-panel');
    fireEvent.click(within(panel).getByTestId('reject-reason-RECORDS_FILMS_ARE_LOST'));
    const submit = within(panel).getByTestId('reject-submit') as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect((within(panel).getByTestId('reject-notes') as HTMLTextAreaElement).disabled).toBe(true);
    fireEvent.click(submit);
    await waitFor(() => expect(posted(calls, PROVIDER_API.reject)).toHaveLength(1));
    expect(posted(calls, PROVIDER_API.reject)[0].body).toMatchObject({
      nrrType: 'RECORDS_FILMS_ARE_LOST',
      otherReason: null,
    });
  });

  it('offers Cancel rejection for a rejected record type and keeps its upload shut', async () => {
    const rejection = {
      nrrType: 'RECORDS_FILMS_ARE_LOST' as const,
      reason: 'Records/films are lost',
      otherReason: null,
      rejectedAt: '2026-11-22T10:00:00Z',
    };
    const calls = context(
      detail({
        document_request: [dr(IMAGES, 'IMAGES', 'Images', rejection), dr(REPORTS, 'REPORTS', 'Reports')],
      }),
      {},
      {
        [`POST ${PROVIDER_API.cancelRejection}`]: [200, {}],
      },
    );
    openDetail();
    expect((await screen.findByTestId('document-request-rejected')).textContent).toContain(
      'Records/films are lost',
    );
    expect((screen.getByTestId('provider-file-input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('provider-submit-records')).toBeNull();
    fireEvent.click(screen.getByTestId('provider-cancel-rejection'));
    expect(await screen.findByText('Request Rejection Cancelled')).toBeTruthy();
    expect(posted(calls, PROVIDER_API.cancelRejection)[0].body).toEqual({
      patientRequestId: RID,
      documentRequestId: IMAGES,
    });
  });

  it('uploads picked files: forms, each file to its action, then addDocuments; a refused file is named in red and the list refreshes', async () => {
    let listed: ProviderDocument[] = [];
    const calls = context(
      detail(),
      {},
      {
        [`GET ${PROVIDER_API.documents(RID, REPORTS)}`]: () => [200, listed],
        [`POST ${PROVIDER_API.uploadForms}`]: (c) => [
          200,
          {
            forms: (c.body as { files: { fileName: string }[] }).files.map((f) => ({
              key: `up/${f.fileName}`,
              inputs: { key: `up/${f.fileName}` },
              attributes: { action: '/api/blob/upload' },
            })),
          },
        ],
        'POST /api/blob/upload': [204, undefined],
        [`POST ${PROVIDER_API.addDocuments}`]: () => {
          listed = [doc('r1', 'report.pdf', { openable: true })];
          return [
            200,
            { documents: listed, refused: [{ file_name: 'fake.pdf', message: 'This file is not a PDF' }] },
          ];
        },
      },
    );
    openDetail();
    fireEvent.click(await screen.findByTestId('document-request-tab-REPORTS'));
    await screen.findByTestId('provider-documents-empty');
    // Reports come file by file: no folder picker.
    expect(screen.queryByTestId('provider-folder-input')).toBeNull();
    expect(screen.getByTestId('provider-file-input').getAttribute('accept')).toBe('.pdf');
    const files = [new File(['%PDF-1.7'], 'report.pdf'), new File(['nope'], 'fake.pdf')];
    fireEvent.change(screen.getByTestId('provider-file-input'), { target: { files } });
    // The spec's words, then why: the server's reason for refusing the file.
    expect(await screen.findByText('Failed to upload fake.pdf: This file is not a PDF')).toBeTruthy();
    expect(await screen.findByTestId('provider-document-row')).toBeTruthy();
    expect(posted(calls, PROVIDER_API.uploadForms)[0].body).toEqual({
      patientRequestId: RID,
      documentRequestId: REPORTS,
      files: [
        { fileName: 'report.pdf', size: 8 },
        { fileName: 'fake.pdf', size: 4 },
      ],
    });
    const sent = posted(calls, '/api/blob/upload');
    expect(sent).toHaveLength(2);
    expect([...(sent[0].body as FormData).keys()]).toEqual(['key', 'file']);
    expect(posted(calls, PROVIDER_API.addDocuments)[0].body).toEqual({
      patientRequestId: RID,
      documentRequestId: REPORTS,
      uploadedDocuments: [
        { key: 'up/report.pdf', file_name: 'report.pdf', path: 'report.pdf' },
        { key: 'up/fake.pdf', file_name: 'fake.pdf', path: 'fake.pdf' },
      ],
    });
  });

  it('shows the progress circle instead of the drop zone for 20 files or more, counting the files as they go', async () => {
    const held: Array<() => void> = [];
    context(
      detail(),
      {},
      {
        [`POST ${PROVIDER_API.uploadForms}`]: (c) => [
          200,
          {
            forms: (c.body as { files: { fileName: string }[] }).files.map((f) => ({
              key: f.fileName,
              inputs: {},
              attributes: { action: '/api/blob/upload' },
            })),
          },
        ],
        'POST /api/blob/upload': () => new Promise((resolve) => held.push(() => resolve([204, undefined]))),
        [`POST ${PROVIDER_API.addDocuments}`]: [200, { documents: [], refused: [] }],
      },
    );
    openDetail();
    await screen.findByTestId('provider-documents-empty');
    const files = Array.from({ length: 21 }, (_, i) => new File(['d'], `IM${i}`));
    fireEvent.change(screen.getByTestId('provider-folder-input'), { target: { files } });
    expect((await screen.findByTestId('provider-upload-progress')).textContent).toBe(
      '0 out of 21 files uploaded',
    );
    expect(screen.queryByTestId('provider-dropzone')).toBeNull();
    await waitFor(() => expect(held).toHaveLength(20));
    await act(async () => held.splice(0, 5).forEach((go) => go()));
    expect(screen.getByTestId('provider-upload-progress').textContent).toBe('5 out of 21 files uploaded');
    await act(async () => held.splice(0).forEach((go) => go()));
    await waitFor(() => expect(held).toHaveLength(1));
    await act(async () => held.splice(0).forEach((go) => go()));
    expect(await screen.findByTestId('provider-dropzone')).toBeTruthy();
  });

  it("takes a dropped folder of imaging files, keeping each file's path inside it", async () => {
    const calls = context(
      detail(),
      {},
      {
        [`POST ${PROVIDER_API.uploadForms}`]: (c) => [
          200,
          {
            forms: (c.body as { files: { fileName: string }[] }).files.map((f) => ({
              key: `up/${f.fileName}`,
              inputs: {},
              attributes: { action: '/api/blob/upload' },
            })),
          },
        ],
        'POST /api/blob/upload': [204, undefined],
        [`POST ${PROVIDER_API.addDocuments}`]: [200, { documents: [], refused: [] }],
      },
    );
    openDetail();
    await screen.findByTestId('provider-documents-empty');
    const file = (fullPath: string) => ({
      isFile: true,
      isDirectory: false,
      name: fullPath.split('/').pop(),
      fullPath,
      file: (ok: (f: File) => void) => ok(new File(['d'], fullPath.split('/').pop()!)),
    });
    let read = false;
    const folder = {
      isFile: false,
      isDirectory: true,
      name: 'study',
      fullPath: '/study',
      createReader: () => ({
        readEntries: (ok: (e: unknown[]) => void) =>
          ok(read ? [] : ((read = true), [file('/study/s1/IM1'), file('/study/s1/IM2')])),
      }),
    };
    fireEvent.drop(screen.getByTestId('provider-dropzone'), {
      dataTransfer: { items: [{ kind: 'file', webkitGetAsEntry: () => folder }], files: [] },
    });
    await waitFor(() => expect(posted(calls, PROVIDER_API.addDocuments)).toHaveLength(1));
    expect(
      (posted(calls, PROVIDER_API.addDocuments)[0].body as { uploadedDocuments: unknown[] })
        .uploadedDocuments,
    ).toEqual([
      { key: 'up/IM1', file_name: 'IM1', path: 'study/s1/IM1' },
      { key: 'up/IM2', file_name: 'IM2', path: 'study/s1/IM2' },
    ]);
  });

  it('deletes a file once the user confirms, and says so', async () => {
    let files = [doc('a', 'IM0001')];
    const calls = context(
      detail(),
      {},
      {
        [`GET ${PROVIDER_API.documents(RID, IMAGES)}`]: () => [200, files],
        [`POST ${PROVIDER_API.deleteDocument}`]: () => ((files = []), [200, {}]),
      },
    );
    openDetail();
    fireEvent.click(await screen.findByTestId('provider-document-delete'));
    // Asked first: Cancel deletes nothing.
    expect((await screen.findByTestId('provider-delete-confirm')).textContent).toContain('IM0001');
    fireEvent.click(screen.getByTestId('provider-delete-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('provider-delete-confirm')).toBeNull());
    expect(posted(calls, PROVIDER_API.deleteDocument)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('provider-document-delete'));
    fireEvent.click(await screen.findByTestId('provider-delete-confirm-confirm'));
    expect(await screen.findByText('Document Deleted Successfully')).toBeTruthy();
    expect(posted(calls, PROVIDER_API.deleteDocument)[0].body).toEqual({
      patientRequestId: RID,
      documentRequestId: IMAGES,
      documentId: 'a',
    });
    expect(await screen.findByTestId('provider-documents-empty')).toBeTruthy();
  });

  it('shows a submitted request as submitted: no upload, delete or reject', async () => {
    context(detail({ uploaded_at: '2026-11-23T10:00:00Z', days_left: null }), {
      [IMAGES]: [doc('a', 'IM0001')],
    });
    openDetail();
    expect(await screen.findByTestId('request-submitted')).toBeTruthy();
    expect(((await screen.findByTestId('provider-document-delete')) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByTestId('provider-file-input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('provider-submit-records')).toBeNull();
    expect(screen.queryByTestId('provider-record-not-available')).toBeNull();
    expect(screen.getByTestId('provider-cancel')).toBeTruthy();
  });

  it('opens on the record type of the legacy upload path, and goes back to the legacy list', async () => {
    context(detail());
    openDetail(`/data-request/details/upload?id=${RID}&documentRequestId=${REPORTS}`);
    expect((await screen.findByTestId('document-request-tab-REPORTS')).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.click(screen.getByTestId('provider-cancel'));
    expect(screen.getByTestId('landed').textContent).toBe('/dataRequest');
  });

  it("opens the patient's authorization form in a new tab", async () => {
    const tab = { location: { href: '' }, close: jest.fn() };
    window.open = jest.fn(() => tab) as unknown as typeof window.open;
    URL.createObjectURL = jest.fn(() => 'blob:form');
    URL.revokeObjectURL = jest.fn();
    const calls = context(
      detail(),
      {},
      { [`GET ${PROVIDER_API.otherDocumentContent(RID, 'o1')}`]: [200, 'pdf'] },
    );
    openDetail();
    fireEvent.click(await screen.findByTestId('provider-attachment-open'));
    await waitFor(() => expect(tab.location.href).toBe('blob:form'));
    expect(calls.some((c) => c.path === PROVIDER_API.otherDocumentContent(RID, 'o1'))).toBe(true);
  });

  it('frees the bytes of an opened document when the page goes', async () => {
    const tab = { location: { href: '' }, close: jest.fn() };
    window.open = jest.fn(() => tab) as unknown as typeof window.open;
    URL.createObjectURL = jest.fn(() => 'blob:form');
    URL.revokeObjectURL = jest.fn();
    context(detail(), {}, { [`GET ${PROVIDER_API.otherDocumentContent(RID, 'o1')}`]: [200, 'pdf'] });
    const { unmount } = openDetail();
    fireEvent.click(await screen.findByTestId('provider-attachment-open'));
    await waitFor(() => expect(tab.location.href).toBe('blob:form'));
    // The tab may still be reading it: kept while the request is open.
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:form');
  });

  it("closes the new tab and shows the server's message when a document cannot be read", async () => {
    const tab = { location: { href: '' }, close: jest.fn() };
    window.open = jest.fn(() => tab) as unknown as typeof window.open;
    URL.createObjectURL = jest.fn(() => 'blob:form');
    context(
      detail(),
      {},
      {
        [`GET ${PROVIDER_API.otherDocumentContent(RID, 'o1')}`]: [
          404,
          { statusCode: 404, code: 'PROVIDER.DOCUMENT_NOT_FOUND', message: 'Document not found' },
        ],
      },
    );
    openDetail();
    fireEvent.click(await screen.findByTestId('provider-attachment-open'));
    expect(await screen.findByText('Document not found')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
