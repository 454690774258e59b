import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BILLING_MESSAGES,
  leaveShareConfirm,
  MESSAGES,
  RECORDS_API,
  REQUESTS_API,
  SHARING_API,
} from '@portal/contracts';
import { saveLogin } from '@portal/session';
import { fakeApi, patientLogin, renderAt, signIn, type FakeCall, type FakeRoutes } from '../testing';
import { gridProtocol, gridRow } from '../grid/testing';
import MyRecords from './MyRecords';

/** Without the '/*' of Root's route, so a details page the page opens lands outside it. */
const TAB_ROUTE = '/patient/my-records/:tab';

const at = (url: string, routes: FakeRoutes) => {
  const calls = fakeApi(routes);
  renderAt(url, <MyRecords />, url.startsWith('/patient/home') ? '/patient/home/*' : TAB_ROUTE);
  return calls;
};

const studies = (n: number) => Array.from({ length: n }, (_v, i) => gridRow(i));
const doc = gridRow(100, {
  id: 'd100',
  kind: 'document',
  approved_cfind_responseId: null,
  documentId: 'd100',
  study_instance_uid: null,
  docReqType: 'REPORTS',
  recordName: 'report.pdf',
  modality: null,
  showImagingView: false,
});
const openRequest = (i: number, status = 'New') =>
  gridRow(200 + i, {
    id: `q${i}`,
    kind: 'request',
    patientRequestId: `q${i}`,
    approved_cfind_responseId: null,
    study_instance_uid: null,
    status,
    recordName: '',
    facilityName: `Facility ${i}`,
    requestTypes: ['Images', 'Reports'],
    has_attachments: false,
    showImagingView: false,
    created: `2026-01-0${i + 1}T00:00:00.000Z`,
  });

const REQUEST_UUID = '0b5f7c1e-2d3a-4e6f-8a9b-1c2d3e4f5a6b';
const loadCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === RECORDS_API.loadGrid);

/** Cards never come into view here, so no thumbnail is fetched (the Thumbnail spec covers them). */
class NeverVisible {
  observe() {}
  disconnect() {}
}

describe('My Records page', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = NeverVisible;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('shows the title, the buttons, the tabs (no Whole Body Scans without data), All Studies (count) and 4 cards; Load More adds 4', async () => {
    at('/patient/my-records/all-requests', gridProtocol([...studies(9), doc]));
    await waitFor(() =>
      expect(screen.getByTestId('all-studies-header').textContent).toBe('All Studies (10)'),
    );
    expect(screen.getByTestId('page-title').textContent).toBe('My Records and Imaging');
    expect(screen.getByTestId('records-upload')).toBeTruthy();
    expect(screen.getByTestId('records-request')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All Studies',
      'Imaging',
      'Favorites',
      'Shared With Me',
      'Open Requests',
    ]);
    expect(screen.queryByTestId('tab-whole-body-scans')).toBeNull();
    expect(screen.getAllByTestId('study-card')).toHaveLength(4);
    fireEvent.click(screen.getByTestId('records-load-more'));
    expect(screen.getAllByTestId('study-card')).toHaveLength(8);
    fireEvent.click(screen.getByTestId('records-load-more'));
    expect(screen.getAllByTestId('study-card')).toHaveLength(9);
    expect(screen.getByTestId('document-card').textContent).toContain('report.pdf');
    expect(screen.queryByTestId('records-load-more')).toBeNull();
  });

  it('a card shows the title, facility or Self Uploaded, the date and the status tag, and opens the record', async () => {
    at(
      '/patient/my-records/all-requests',
      gridProtocol([
        gridRow(1),
        gridRow(2, {
          manual_upload_dicom: true,
          facilityId: null,
          facilityName: null,
          status: 'Uploaded by external provider',
        }),
      ]),
    );
    const [first, second] = await screen.findAllByTestId('study-card');
    expect(within(first).getByTestId('record-name').textContent).toBe('MR Brain 1');
    expect(within(first).getByTestId('record-facility').textContent).toBe('St. Mary Imaging Center');
    expect(within(first).getByTestId('record-date').textContent).toBe('Dec 30, 2025');
    expect(within(first).getByTestId('status-tag').getAttribute('data-tone')).toBe('success');
    expect(within(second).getByTestId('record-facility').textContent).toBe('Self Uploaded');
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(screen.getByTestId('landed').textContent).toBe(
      '/patient/my-records/view-request-report-details/r1/a1',
    );
  });

  it('the legacy /openRequests route lists open requests, and a card opens its status page', async () => {
    fakeApi(gridProtocol([openRequest(1), gridRow(2)]));
    renderAt('/openRequests', <MyRecords legacyTab="open-requests" />);
    const card = await screen.findByTestId('open-request-card');
    expect(card.textContent).toContain('New');
    fireEvent.click(card);
    expect(screen.getByTestId('landed').textContent).toBe('/patient/my-records/review-request-details/q1');
  });

  it('an unknown segment goes to all-requests', async () => {
    at('/patient/my-records/nowhere', gridProtocol(studies(1)));
    await waitFor(() =>
      expect(screen.getByTestId('tab-all-requests').getAttribute('aria-selected')).toBe('true'),
    );
    expect(await screen.findByTestId('all-studies-header')).toBeTruthy();
  });

  it('Imaging lists only studies under "N studies"; Favorites only starred records', async () => {
    at('/patient/my-records/imaging', gridProtocol([...studies(3), doc, gridRow(4, { starred: true })]));
    await waitFor(() => expect(screen.getByTestId('imaging-header').textContent).toBe('4 studies'));
    expect(screen.queryByTestId('document-card')).toBeNull();
    fireEvent.click(screen.getByTestId('tab-favorites'));
    await waitFor(() =>
      expect(screen.getByTestId('tab-favorites').getAttribute('aria-selected')).toBe('true'),
    );
    const cards = await screen.findAllByTestId('study-card');
    expect(cards.map((c) => within(c).getByTestId('record-name').textContent)).toEqual(['MR Brain 4']);
  });

  it.each([
    ['all-requests', MESSAGES.noRecordsAndImaging],
    ['favorites', MESSAGES.noFavourites],
    ['shared-with-me', MESSAGES.noTrustedProviders],
    ['open-requests', MESSAGES.noOpenRequests],
    ['imaging', MESSAGES.noRecordsFound],
  ])('the empty %s tab says %s', async (tab, text) => {
    at(`/patient/my-records/${tab}`, gridProtocol([]));
    expect((await screen.findByTestId('records-empty')).textContent).toContain(text);
  });

  it('the grid toggle keeps grid=true, shows the table with its pager, and the search says when nothing matches', async () => {
    at('/patient/my-records/all-requests', gridProtocol([...studies(60), doc]));
    await screen.findAllByTestId('study-card');
    fireEvent.click(screen.getByTestId('records-view-grid'));
    expect(await screen.findAllByTestId('record-row')).toHaveLength(50);
    expect(screen.getByTestId('records-pager').textContent).toContain('1–50 of 61');
    fireEvent.change(screen.getByTestId('records-search'), { target: { value: 'report' } });
    expect(screen.getAllByTestId('record-row')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('records-search'), { target: { value: 'Lakeside' } });
    expect(screen.getByTestId('records-search-empty').textContent).toBe(MESSAGES.noContentInGrid);
    fireEvent.click(screen.getByTestId('records-view-cards'));
    expect(await screen.findAllByTestId('study-card')).toHaveLength(4);
  });

  it('opens in grid mode from ?grid=true; a row opens its record with Enter', async () => {
    at('/patient/my-records/all-requests?grid=true', gridProtocol(studies(2)));
    const rows = await screen.findAllByTestId('record-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('records-view-grid').getAttribute('aria-pressed')).toBe('true');
    expect(within(rows[1]).getByTestId('status-tag').textContent).toBe('Completed');
    fireEvent.keyDown(rows[1], { key: 'Enter' });
    expect(screen.getByTestId('landed').textContent).toBe(
      '/patient/my-records/view-request-report-details/r1/a1',
    );
  });

  it('a star flips at once and calls starResponse with the response, and goes back with a red toast when refused', async () => {
    const routes: FakeRoutes = {
      ...gridProtocol([gridRow(1), doc]),
      [`POST ${RECORDS_API.starResponse}`]: [200, { starred: true }],
      [`POST ${RECORDS_API.unstarResponse}`]: [
        500,
        { statusCode: 500, code: 'INTERNAL', message: 'Star refused' },
      ],
    };
    const calls = at('/patient/my-records/all-requests', routes);
    const card = await screen.findByTestId('study-card');
    const star = within(card).getByTestId('record-star');
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(calls.some((c) => c.path === RECORDS_API.starResponse)).toBe(true));
    expect(calls.find((c) => c.path === RECORDS_API.starResponse)?.body).toEqual({
      patientRequestId: 'r1',
      cfindResponseId: 'a1',
      docReqType: 'IMAGES',
    });
    expect(screen.queryByTestId('landed')).toBeNull();
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    expect(await screen.findByText('Star refused')).toBeTruthy();
    const docStar = within(screen.getByTestId('document-card')).getByTestId('record-star');
    fireEvent.click(docStar);
    await waitFor(() => expect(calls.filter((c) => c.path === RECORDS_API.starResponse)).toHaveLength(2));
    expect(calls.filter((c) => c.path === RECORDS_API.starResponse)[1].body).toEqual({
      patientRequestId: 'r100',
      cfindResponseId: 'd100',
      docReqType: 'REPORTS',
    });
  });

  it('the Open Requests strip shows up to 4 cards with View all, and View request status opens the request', async () => {
    at(
      '/patient/my-records/all-requests',
      gridProtocol([...studies(1), ...[0, 1, 2, 3, 4].map((i) => openRequest(i))]),
    );
    const strip = await screen.findByTestId('open-requests-strip');
    const cards = within(strip).getAllByTestId('open-request-card');
    expect(cards).toHaveLength(4);
    expect(cards[0].textContent).toContain('Facility 4');
    expect(cards[0].textContent).toContain('Images, Reports');
    expect(within(cards[0]).getByTestId('status-tag').textContent).toBe('New');
    expect(within(strip).getByTestId('open-requests-view-all').getAttribute('href')).toBe(
      '/patient/my-records/open-requests',
    );
    expect(screen.getByTestId('all-studies-header').textContent).toBe('All Studies (1)');
    fireEvent.click(within(cards[1]).getByTestId('view-request-status'));
    expect(screen.getByTestId('landed').textContent).toBe('/patient/my-records/review-request-details/q3');
  });

  it('the Open Requests tab lists every open request (4 first) and no strip', async () => {
    at(
      '/patient/my-records/open-requests',
      gridProtocol([...[0, 1, 2, 3, 4].map((i) => openRequest(i)), gridRow(9)]),
    );
    expect(await screen.findAllByTestId('open-request-card')).toHaveLength(4);
    expect(screen.queryByTestId('open-requests-strip')).toBeNull();
    fireEvent.click(screen.getByTestId('records-load-more'));
    expect(screen.getAllByTestId('open-request-card')).toHaveLength(5);
  });

  it('Email facility on a request pending images asks for the e-mail and sends it', async () => {
    const calls = at('/patient/my-records/open-requests', {
      ...gridProtocol([
        { ...openRequest(1, 'Pending images by External Provider'), patientRequestId: REQUEST_UUID },
      ]),
      [`POST ${REQUESTS_API.sendEmailToExternalProviders}`]: [200, {}],
    });
    fireEvent.click(await screen.findByTestId('email-facility'));
    fireEvent.change(screen.getByTestId('email-facility-input'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('email-facility-send'));
    expect(await screen.findByText(MESSAGES.pleaseEnterValidEmail)).toBeTruthy();
    fireEvent.change(screen.getByTestId('email-facility-input'), {
      target: { value: 'films@lakeside.example' },
    });
    fireEvent.click(screen.getByTestId('email-facility-send'));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain(REQUESTS_API.sendEmailToExternalProviders),
    );
    expect(await screen.findByText(MESSAGES.providersEmailed)).toBeTruthy();
    expect(calls.find((c) => c.path === REQUESTS_API.sendEmailToExternalProviders)?.body).toEqual({
      patientRequestId: REQUEST_UUID,
      externalProviderEmails: ['films@lakeside.example'],
    });
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it("Pay fee on a request in 'Pending payment' goes to the billing page in the shell; none while the payment clears (issue 30)", async () => {
    at(
      '/patient/my-records/open-requests',
      gridProtocol([
        { ...openRequest(1, 'Pending payment'), patientRequestId: REQUEST_UUID },
        openRequest(2, 'Pending payment clearance'),
        openRequest(3),
      ]),
    );
    const cards = await screen.findAllByTestId('open-request-card');
    expect(cards).toHaveLength(3);
    const pay = screen.getAllByTestId('pay-request-fee');
    expect(pay).toHaveLength(1);
    expect(
      within(cards.find((c) => c.textContent?.includes('Facility 1'))!).getByTestId('pay-request-fee'),
    ).toBe(pay[0]);
    expect(pay[0].textContent).toBe('Pay fee');
    expect(pay[0].getAttribute('href')).toBe(`/subscription/request-fee/${REQUEST_UUID}`);
    fireEvent.click(pay[0]);
    // The link, not the card under it: the billing page, not the request's review page.
    expect(screen.getByTestId('landed').textContent).toBe(`/subscription/request-fee/${REQUEST_UUID}`);
  });

  it('on /patient/home an open request that is not self-uploaded opens its review page', async () => {
    at('/patient/home', gridProtocol([gridRow(1, { status: 'Pending payment' })]));
    fireEvent.click(await screen.findByTestId('study-card'));
    expect(screen.getByTestId('landed').textContent).toBe('/patient/my-records/review-request-details/r1');
  });

  it('View is disabled for a record with no facility, attachments or imaging view', async () => {
    at(
      '/patient/my-records/all-requests',
      gridProtocol([
        gridRow(1, { kind: 'study', facilityId: null, has_attachments: false, showImagingView: false }),
      ]),
    );
    const card = await screen.findByTestId('study-card');
    expect((within(card).getByTestId('record-view') as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByTestId('record-share')).toBeTruthy();
  });

  it('an external viewer sees no Upload, Request Records or strip, only Shared With Me, loaded with onlyShared', async () => {
    const login = patientLogin();
    saveLogin({
      ...login,
      user: { ...login.user, role: { mnemonic: 'EXTERNAL_VIEWER' }, roles: ['EXTERNAL_VIEWER'] },
    });
    const calls = at(
      '/patient/my-records/shared-with-me',
      gridProtocol([gridRow(1, { sharedWithMe: true }), openRequest(2)]),
    );
    expect(await screen.findByTestId('study-card')).toBeTruthy();
    expect(screen.queryByTestId('records-upload')).toBeNull();
    expect(screen.queryByTestId('records-request')).toBeNull();
    expect(screen.queryByTestId('open-requests-strip')).toBeNull();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Shared With Me']);
    expect(loadCalls(calls).every((c) => c.query.get('onlyShared') === 'true')).toBe(true);
    expect(within(screen.getByTestId('study-card')).getByTestId('record-remove')).toBeTruthy();
    expect(within(screen.getByTestId('study-card')).queryByTestId('record-share')).toBeNull();
  });

  it('Shared With Me tells an account whose address is not confirmed yet why nothing shows, with the way to a new link; other tabs do not', async () => {
    const login = patientLogin();
    saveLogin({ ...login, user: { ...login.user, emailVerified: false } });
    at('/patient/my-records/shared-with-me', gridProtocol([]));
    expect((await screen.findByTestId('email-confirm-notice')).textContent).toContain(
      MESSAGES.confirmEmailNotice,
    );
    expect(screen.getByTestId('email-confirm-resend').textContent).toBe(MESSAGES.sendLinkAgain);
    expect((await screen.findByTestId('records-empty')).textContent).toContain(MESSAGES.noTrustedProviders);
    fireEvent.click(screen.getByTestId('tab-all-requests'));
    await waitFor(() => expect(screen.queryByTestId('email-confirm-notice')).toBeNull());
  });

  it('Shared With Me shows no notice to a confirmed address', async () => {
    const login = patientLogin();
    saveLogin({ ...login, user: { ...login.user, emailVerified: true } });
    at('/patient/my-records/shared-with-me', gridProtocol([gridRow(1, { sharedWithMe: true })]));
    expect(await screen.findByTestId('study-card')).toBeTruthy();
    expect(screen.queryByTestId('email-confirm-notice')).toBeNull();
  });

  it('an external viewer on another tab goes to Shared With Me', async () => {
    const login = patientLogin();
    saveLogin({
      ...login,
      user: { ...login.user, role: { mnemonic: 'EXTERNAL_VIEWER' }, roles: ['EXTERNAL_VIEWER'] },
    });
    at('/patient/my-records/all-requests', gridProtocol([]));
    await waitFor(() =>
      expect(screen.getByTestId('tab-shared-with-me').getAttribute('aria-selected')).toBe('true'),
    );
  });

  it("Remove on a record shared with me asks, then leaves that owner's share and reloads the list (issue 24 #4)", async () => {
    const owner = '7d3f6b2a-1c4e-4f5a-9b8c-2d1e0f3a4b5c';
    let left = false;
    const calls = at('/patient/my-records/shared-with-me', {
      ...gridProtocol([gridRow(1, { sharedWithMe: true, sharedByUserId: owner, patientName: 'Pat Jordan' })]),
      [`DELETE ${SHARING_API.leaveShare(owner)}`]: () => ((left = true), [200, 'OK']),
    });
    fireEvent.click(within(await screen.findByTestId('study-card')).getByTestId('record-remove'));
    expect((await screen.findByTestId('leave-share-text')).textContent).toBe(leaveShareConfirm('Pat Jordan'));
    fireEvent.click(screen.getByTestId('leave-share-cancel'));
    await waitFor(() => expect(screen.queryByTestId('leave-share')).toBeNull());
    expect(left).toBe(false);
    const loads = loadCalls(calls).length;
    fireEvent.click(within(screen.getByTestId('study-card')).getByTestId('record-remove'));
    fireEvent.click(await screen.findByTestId('leave-share-confirm'));
    await waitFor(() => expect(left).toBe(true));
    expect(await screen.findByText(MESSAGES.shareLeft)).toBeTruthy();
    await waitFor(() => expect(loadCalls(calls).length).toBeGreaterThan(loads));
  });

  it('a record shared with me stars through the shared-star call', async () => {
    const calls = at('/patient/my-records/shared-with-me', {
      ...gridProtocol([gridRow(1, { sharedWithMe: true })]),
      [`POST ${RECORDS_API.sharedStarResponse}`]: [200, { starred: true }],
    });
    fireEvent.click(within(await screen.findByTestId('study-card')).getByTestId('record-star'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === RECORDS_API.sharedStarResponse)?.body).toEqual({
        patientRequestId: 'r1',
        studyUid: '1.2.1',
        documentId: null,
        starred: true,
      }),
    );
    await act(async () => undefined);
  });

  it('says a lapsed plan pauses new uploads, and a failed renewal asks for a card, both linking to Subscription (issue 30)', async () => {
    at('/patient/my-records/all-requests', {
      ...gridProtocol(studies(1)),
      [`GET ${RECORDS_API.init}`]: [
        200,
        { enable_dicom_viewer: true, personId: 'p1', storage: { open: false, pastDue: true } },
      ],
    });
    expect((await screen.findByTestId('records-storage-paused')).textContent).toContain(
      BILLING_MESSAGES.storagePaused,
    );
    expect(screen.getByTestId('records-past-due').textContent).toContain(BILLING_MESSAGES.pastDue);
    expect(screen.getByTestId('records-renew').getAttribute('href')).toBe('/subscription');
    expect(screen.getByTestId('records-fix-card').getAttribute('href')).toBe('/subscription');
    // The records themselves are all there.
    expect(await screen.findAllByTestId('study-card')).toHaveLength(1);
  });

  it('says nothing of the plan while storage is open and nothing is due', async () => {
    at('/patient/my-records/all-requests', {
      ...gridProtocol(studies(1)),
      [`GET ${RECORDS_API.init}`]: [
        200,
        { enable_dicom_viewer: true, personId: 'p1', storage: { open: true, pastDue: false } },
      ],
    });
    await screen.findAllByTestId('study-card');
    expect(screen.queryByTestId('records-storage-paused')).toBeNull();
    expect(screen.queryByTestId('records-past-due')).toBeNull();
  });
});
