import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, RECORDS_API, REQUESTS_API, sharedWithYouBy } from '@portal/contracts';
import { setRemoteModuleLoader } from '@portal/session';
import { fakeApi, renderAt, signIn, type FakeRoutes } from '../testing';
import { attachment, imagingRequest, selfUpload } from './fixtures';
import RecordView from './RecordView';

const ROUTE = '/patient/my-records/view-request-report-details/:patientRequestId/:responseId';
const at = (path: string) => renderAt(path, <RecordView />, ROUTE);

const custodian = {
  id: 'c1',
  name: 'St. Mary Imaging Center',
  address: {
    primary_address: '1 Main St',
    city: { name: 'Springfield', state_name: 'Illinois' },
    state: 'IL',
    postcode: '62701',
  },
  isMRNCompulsory: false,
  description: null,
  phone: '(217) 555-0100',
  website: 'stmary.example.org',
  theme: 'default',
  aliases: [],
  value: { image_data: 'data:image/png;base64,iVBORw0KGgo=' },
  docTypes: [],
};

const routes = (over: FakeRoutes = {}): FakeRoutes => ({
  [`GET ${RECORDS_API.patientRequest('r1')}`]: [200, imagingRequest()],
  [`GET ${RECORDS_API.init}`]: [200, { enable_dicom_viewer: true, personId: 'p1' }],
  [`GET ${RECORDS_API.attachments('r1', 's1')}`]: [200, [attachment('a1', { enhanceable: true })]],
  [`GET ${RECORDS_API.attachmentContent('r1', 'a1')}`]: [200, { identifier: 'id-a1' }],
  [`GET ${REQUESTS_API.getCustodiansDetails}/c1`]: [200, custodian],
  ...over,
});

describe('Record view', () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(() => {
    localStorage.clear();
    signIn();
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    setRemoteModuleLoader(null);
    errorSpy.mockRestore();
  });

  it('a record shared with the caller says who shared it, with no Manage sharing or Share (issue 24 #4)', async () => {
    fakeApi(
      routes({
        [`GET ${RECORDS_API.patientRequest('r1')}`]: [
          200,
          imagingRequest({ shared_by: { name: 'Pat Jordan', user_id: 'u1' } }),
        ],
      }),
    );
    at('/patient/my-records/view-request-report-details/r1/s1');
    expect((await screen.findByTestId('shared-by')).textContent).toBe(sharedWithYouBy('Pat Jordan'));
    expect(screen.queryByText('Not shared yet')).toBeNull();
    expect(screen.queryByTestId('manage-sharing')).toBeNull();
    expect(screen.queryByTestId('share-record')).toBeNull();
    expect(await screen.findByTestId('report-frame')).toBeTruthy();
  });

  it('shows the title, the back button of its origin, the Report tab with the report in a frame, and the panels', async () => {
    const calls = fakeApi(routes());
    at('/patient/my-records/view-request-report-details/r1/s1?from=favorites');
    expect((await screen.findByTestId('record-title')).textContent).toBe('MR Brain');
    expect(screen.getByTestId('back-button').textContent).toContain('Back to Favorites');
    expect(screen.queryByTestId('sharing-tag')).toBeNull();
    const frame = await screen.findByTestId('report-frame');
    expect(frame.getAttribute('src')).toBe('/api/download/id-a1');
    expect(frame.getAttribute('title')).toBe('Report: a1.pdf');
    expect(screen.getByRole('heading', { name: "Radiologist's Report" })).toBeTruthy();
    expect(screen.getByTestId('tab-report').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('tab-imaging')).toBeTruthy();
    expect(screen.getByTestId('view-enhanced-report')).toBeTruthy();
    const details = screen.getByTestId('study-details');
    for (const text of ['MR', 'Brain', 'Dec 30, 2025', '20', 'St. Mary Imaging Center', 'Jan 02, 2026'])
      expect(details.textContent).toContain(text);
    expect(screen.getByTestId('shared-with').textContent).toBe('Not shared yet');
    expect(screen.getByTestId('manage-sharing')).toBeTruthy();
    expect(screen.getByTestId('share-record')).toBeTruthy();
    const provider = screen.getByTestId('imaging-provider');
    await waitFor(() =>
      expect(within(provider).getByTestId('facility-address').textContent).toContain('1 Main St'),
    );
    expect(within(provider).getByTestId('facility-phone').textContent).toBe('(217) 555-0100');
    expect(within(provider).getByTestId('facility-website').getAttribute('href')).toBe(
      'https://stmary.example.org',
    );
    expect(within(provider).getByTestId('facility-logo').querySelector('img')?.getAttribute('src')).toBe(
      custodian.value.image_data,
    );
    expect(calls.find((c) => c.path === RECORDS_API.init)?.query.get('personId')).toBe('p1');
  });

  it('goes back to the origin page', async () => {
    fakeApi(routes());
    at('/patient/my-records/view-request-report-details/r1/s1?from=home');
    fireEvent.click(await screen.findByTestId('back-button'));
    expect(screen.getByTestId('landed').textContent).toBe('/patient/home');
  });

  it('shows the Sharing tag and who the record is shared with', async () => {
    const request = imagingRequest();
    request.approved_cfind_responses[0] = {
      ...request.approved_cfind_responses[0],
      shared_with: ['Bob Lee', 'dr@example.org'],
    };
    fakeApi(routes({ [`GET ${RECORDS_API.patientRequest('r1')}`]: [200, request] }));
    at('/patient/my-records/view-request-report-details/r1/s1');
    expect((await screen.findByTestId('sharing-tag')).textContent).toBe('Sharing');
    expect(screen.getByTestId('shared-with').textContent).toContain('Bob Lee');
    expect(screen.getByTestId('shared-with').textContent).toContain('dr@example.org');
  });

  it('hides Manage sharing and Share when opened from open requests', async () => {
    fakeApi(routes());
    at('/patient/my-records/view-request-report-details/r1/s1?from=open-requests');
    await screen.findByTestId('study-details');
    expect(screen.queryByTestId('manage-sharing')).toBeNull();
    expect(screen.queryByTestId('share-record')).toBeNull();
    expect(screen.getByTestId('back-button').textContent).toContain('Back to Open Requests');
  });

  it('has no Imaging tab when the DICOM viewer is off', async () => {
    fakeApi(routes({ [`GET ${RECORDS_API.init}`]: [200, { enable_dicom_viewer: false, personId: 'p1' }] }));
    at('/patient/my-records/view-request-report-details/r1/s1');
    await screen.findByTestId('tab-report');
    expect(screen.queryByTestId('tab-imaging')).toBeNull();
  });

  it("mounts the viewer remote's component with the study's props in the Imaging tab", async () => {
    const loader = jest.fn(async () => ({
      default: (p: { studyInstanceUid: string; patientRequestId: string; title: string }) => (
        <p data-testid="viewer">{`${p.studyInstanceUid}|${p.patientRequestId}|${p.title}`}</p>
      ),
    }));
    setRemoteModuleLoader(loader);
    fakeApi(routes({ [`GET ${RECORDS_API.attachments('r1', 's1')}`]: [200, []] }));
    at('/patient/my-records/view-request-report-details/r1/s1');
    expect((await screen.findByTestId('tab-imaging')).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('tab-report')).toBeNull();
    expect((await screen.findByTestId('viewer')).textContent).toBe('1.2.3|r1|MR Brain');
    expect(loader).toHaveBeenCalledWith('mfe_viewer/ImagingViewer');
    expect(within(screen.getByTestId('imaging-tab')).getByRole('heading', { name: 'MR' })).toBeTruthy();
  });

  it('warms the viewer remote while the record shows a study, before the Imaging tab opens', async () => {
    const warm = jest.fn(async (_study: object) => undefined);
    const loader = jest.fn(async (id: string) => (id === 'mfe_viewer/preload' ? { default: warm } : {}));
    setRemoteModuleLoader(loader);
    fakeApi(routes());
    at('/patient/my-records/view-request-report-details/r1/s1');
    expect((await screen.findByTestId('tab-imaging')).getAttribute('aria-selected')).toBe('false');
    await waitFor(() =>
      expect(warm).toHaveBeenCalledWith({ studyInstanceUid: '1.2.3', patientRequestId: 'r1' }),
    );
    expect(loader).toHaveBeenCalledWith('mfe_viewer/preload');
    expect(loader).not.toHaveBeenCalledWith('mfe_viewer/ImagingViewer');
  });

  it("asks the viewer to open the study's first series in the Imaging tab's click, before the viewer draws", async () => {
    const opened: Array<[string, boolean]> = [];
    const preload = {
      default: jest.fn(async (_study: object) => undefined),
      openImaging: (uid: string) => opened.push([uid, screen.queryByTestId('viewer') !== null]),
    };
    setRemoteModuleLoader(async (id: string) =>
      id === 'mfe_viewer/preload'
        ? preload
        : {
            default: ({ studyInstanceUid }: { studyInstanceUid: string }) => (
              <span data-testid="viewer">{studyInstanceUid}</span>
            ),
          },
    );
    fakeApi(routes());
    at('/patient/my-records/view-request-report-details/r1/s1');
    const imaging = await screen.findByTestId('tab-imaging');
    expect(imaging.getAttribute('aria-selected')).toBe('false');
    await waitFor(() => expect(preload.default).toHaveBeenCalled());
    fireEvent.click(imaging);
    expect(opened).toEqual([['1.2.3', false]]);
    expect((await screen.findByTestId('viewer')).textContent).toBe('1.2.3');
  });

  it('warms the viewer as soon as the record says it has images, while its attachments are still on their way', async () => {
    const warm = jest.fn(async (_study: object) => undefined);
    setRemoteModuleLoader(async (id: string) => (id === 'mfe_viewer/preload' ? { default: warm } : {}));
    fakeApi(routes());
    const answer = global.fetch;
    const attachments = RECORDS_API.attachments('r1', 's1');
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes(attachments) ? new Promise<Response>(() => undefined) : answer(input, init),
    ) as typeof fetch;
    at('/patient/my-records/view-request-report-details/r1/s1');
    await waitFor(() =>
      expect(warm).toHaveBeenCalledWith({ studyInstanceUid: '1.2.3', patientRequestId: 'r1' }),
    );
    // The tabs still wait for the attachments: only the warm-up went ahead.
    expect(screen.queryByTestId('tab-imaging')).toBeNull();
  });

  it('keeps the page working with a fallback text when the viewer remote cannot load', async () => {
    setRemoteModuleLoader(() => Promise.reject(new Error('offline')));
    fakeApi(routes());
    at('/patient/my-records/view-request-report-details/r1/s1');
    fireEvent.click(await screen.findByTestId('tab-imaging'));
    expect((await screen.findByTestId('imaging-viewer-remote-fallback')).textContent).toContain(
      'imaging viewer is unavailable',
    );
    fireEvent.click(screen.getByTestId('tab-report'));
    expect(await screen.findByTestId('report-frame')).toBeTruthy();
  });

  it("says 'Unable to load file.' when the report cannot be opened", async () => {
    fakeApi(routes({ [`GET ${RECORDS_API.attachmentContent('r1', 'a1')}`]: [500, { message: 'boom' }] }));
    at('/patient/my-records/view-request-report-details/r1/s1');
    expect((await screen.findByTestId('report-error')).textContent).toBe(MESSAGES.unableToLoadFile);
    expect(screen.queryByTestId('report-frame')).toBeNull();
  });

  it('lets the patient choose among several documents, the first report by default', async () => {
    fakeApi(
      routes({
        [`GET ${RECORDS_API.attachments('r1', 's1')}`]: [
          200,
          [attachment('o1', { document_request_type: 'OTHERS' }), attachment('a1'), attachment('a2')],
        ],
        [`GET ${RECORDS_API.attachmentContent('r1', 'a2')}`]: [200, { identifier: 'id-a2' }],
      }),
    );
    at('/patient/my-records/view-request-report-details/r1/s1');
    expect((await screen.findByTestId('report-frame')).getAttribute('src')).toBe('/api/download/id-a1');
    const choices = screen.getAllByTestId('report-choice');
    expect(choices.map((c) => c.textContent)).toEqual([
      expect.stringContaining('o1.pdf'),
      expect.stringContaining('a1.pdf'),
      expect.stringContaining('a2.pdf'),
    ]);
    fireEvent.click(choices[2]);
    await waitFor(() =>
      expect(screen.getByTestId('report-frame').getAttribute('src')).toBe('/api/download/id-a2'),
    );
    expect(screen.queryByTestId('view-enhanced-report')).toBeNull();
  });

  it('shows a delivered document by its file name in the Report tab', async () => {
    fakeApi(
      routes({
        [`GET ${RECORDS_API.attachments('r1', 'f1')}`]: [200, []],
        [`GET ${RECORDS_API.attachmentContent('r1', 'f1')}`]: [200, { identifier: 'id-f1' }],
      }),
    );
    at('/patient/my-records/view-request-report-details/r1/f1');
    expect((await screen.findByTestId('record-title')).textContent).toBe('report.pdf');
    expect((await screen.findByTestId('report-frame')).getAttribute('src')).toBe('/api/download/id-f1');
    expect(screen.queryByTestId('tab-imaging')).toBeNull();
  });

  it("titles a self upload by its record name, says 'Self Uploaded' and shows no imaging provider", async () => {
    fakeApi(
      routes({
        [`GET ${RECORDS_API.patientRequest('r9')}`]: [200, selfUpload()],
        [`GET ${RECORDS_API.attachments('r9', 's9')}`]: [200, []],
      }),
    );
    at('/patient/my-records/view-request-report-details/r9/s9');
    expect((await screen.findByTestId('record-title')).textContent).toBe('My knee MRI');
    expect(screen.getByTestId('study-details').textContent).toContain('Self Uploaded');
    expect(screen.queryByTestId('imaging-provider')).toBeNull();
  });

  it("shows 'No Records Found' for another patient's request (404) and for a response the request does not have", async () => {
    fakeApi(routes());
    const { unmount } = at('/patient/my-records/view-request-report-details/r2/s1');
    expect(await screen.findByTestId('record-not-found')).toBeTruthy();
    expect(screen.queryByTestId('study-details')).toBeNull();
    unmount();
    at('/patient/my-records/view-request-report-details/r1/zz');
    expect(await screen.findByTestId('record-not-found')).toBeTruthy();
  });

  it('opens the record from the legacy route by its query', async () => {
    fakeApi(routes());
    renderAt('/recordDetails?patientRequestId=r1&responseId=s1', <RecordView />, '/recordDetails');
    expect((await screen.findByTestId('record-title')).textContent).toBe('MR Brain');
  });

  it('Download PDF opens a window at once and sends it to the generated PDF', async () => {
    const win = { closed: false, close: jest.fn(), location: { href: 'about:blank' }, opener: {} };
    const open = jest.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    fakeApi(routes({ [`GET ${RECORDS_API.generatePdf('r1', 's1')}`]: [200, { identifier: 'pdf-1' }] }));
    at('/patient/my-records/view-request-report-details/r1/s1');
    fireEvent.click(await screen.findByTestId('download-pdf'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(win.location.href).toBe('/api/download/pdf-1'));
    expect(win.opener).toBeNull();
    open.mockRestore();
  });

  it('Download PDF closes its window and shows the failure', async () => {
    const win = { closed: false, close: jest.fn(), location: { href: 'about:blank' }, opener: {} };
    const open = jest.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    fakeApi(routes({ [`GET ${RECORDS_API.generatePdf('r1', 's1')}`]: [500, { message: 'PDF failed' }] }));
    at('/patient/my-records/view-request-report-details/r1/s1');
    fireEvent.click(await screen.findByTestId('download-pdf'));
    expect(await screen.findByText('PDF failed')).toBeTruthy();
    expect(win.close).toHaveBeenCalled();
    open.mockRestore();
  });
});
