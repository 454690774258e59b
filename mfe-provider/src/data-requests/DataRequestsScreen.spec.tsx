import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DUE_SOON_DAYS, PROVIDER_API, type DataRequest, type DataRequestPage } from '@portal/contracts';
import { fakeApi } from '../test/fake-api';
import { renderAt } from '../test/render';
import { DataRequestsScreen } from './DataRequestsScreen';

const request = (over: Partial<DataRequest> = {}): DataRequest => ({
  id: 'r1',
  created: '2026-11-20T10:00:00Z',
  organization: { id: 'o1', name: 'St. Mary Imaging Center' },
  status: { name: 'New' },
  patients: [{ id: 'p1', first_name: 'Pat', last_name: 'Jordan', patient_dob: '1984-03-12' }],
  document_request: [{ id: 'd1', document_request_type: { mnemonic: 'IMAGES', name: 'Images' } }],
  starred: false,
  date_from: null,
  date_to: null,
  body_parts: [],
  due_date: '2026-12-20',
  days_left: 12,
  seen_at: null,
  uploaded_at: null,
  ...over,
});
const page = (rows: DataRequest[], over: Partial<DataRequestPage> = {}): DataRequestPage => ({
  total: rows.length,
  overdue: 0,
  dueSoon: 0,
  rows,
  ...over,
});

const openInbox = (entry = '/provider/external-requests') =>
  renderAt(entry, entry.split('?')[0], <DataRequestsScreen />);

describe('the data-request inbox', () => {
  it('says why when the provider context refuses the caller (403), instead of an empty inbox', async () => {
    fakeApi({
      [`GET ${PROVIDER_API.dataRequests}`]: [
        403,
        { statusCode: 403, code: 'AUTH.FORBIDDEN', message: 'You do not have access to this resource' },
      ],
    });
    openInbox();
    expect((await screen.findByTestId('provider-data-requests-error')).textContent).toBe(
      'You do not have access to this resource',
    );
    expect(screen.queryByText('No Data Available')).toBeNull();
    expect(screen.queryByText('No data requests yet')).toBeNull();
  });

  it('shows the count and Data requests, and a row with Open to its detail page, its due date and status', async () => {
    const calls = fakeApi({ [`GET ${PROVIDER_API.dataRequests}`]: [200, page([request()], { total: 61 })] });
    openInbox();
    const row = await screen.findByTestId('data-request-row');
    expect(screen.getByTestId('page-title').textContent).toBe('61 Data requests');
    expect(row.textContent).toContain('Jordan, Pat');
    expect(row.textContent).toContain('03/12/1984');
    expect(row.textContent).toContain('St. Mary Imaging Center');
    expect(row.textContent).toContain('Images');
    expect(row.textContent).toContain('12/20/2026');
    expect(screen.getByTestId('data-request-due').textContent).toBe('12 days left');
    expect(screen.getByTestId('status-tag').textContent).toBe('New');
    expect(screen.getByTestId('data-request-open').getAttribute('href')).toBe(
      '/provider/patient-request-detail/r1',
    );
    expect(calls[0].search.get('page')).toBe('0');
    expect(calls[0].search.get('pageSize')).toBe('50');
  });

  it('flags overdue and due-soon requests and sums them up above the grid', async () => {
    fakeApi({
      [`GET ${PROVIDER_API.dataRequests}`]: [
        200,
        page(
          [
            request({ id: 'a', days_left: -3 }),
            request({ id: 'b', days_left: 0 }),
            request({ id: 'c', days_left: null, uploaded_at: '2026-11-21T00:00:00Z' }),
          ],
          { overdue: 2, dueSoon: 3 },
        ),
      ],
    });
    openInbox();
    expect((await screen.findByTestId('data-requests-due-summary')).textContent).toBe(
      `2 overdue, 3 due within ${DUE_SOON_DAYS} days`,
    );
    const chips = screen.getAllByTestId('data-request-due');
    expect(chips.map((c) => [c.textContent, c.getAttribute('data-tone')])).toEqual([
      ['Overdue by 3 days', 'overdue'],
      ['Due today', 'soon'],
    ]);
  });

  it('asks the context again with the search once typing pauses, from the first page', async () => {
    const calls = fakeApi({
      [`GET ${PROVIDER_API.dataRequests}`]: (c) => [200, page(c.search.get('search') ? [] : [request()])],
    });
    openInbox();
    await screen.findByTestId('data-request-row');
    fireEvent.change(screen.getByTestId('data-requests-search'), { target: { value: 'Jor' } });
    fireEvent.change(screen.getByTestId('data-requests-search'), { target: { value: 'Jordan' } });
    await waitFor(() => expect(calls.at(-1)?.search.get('search')).toBe('Jordan'));
    expect(calls.filter((c) => c.search.get('search') === 'Jor')).toHaveLength(0);
    expect(calls.at(-1)?.search.get('page')).toBe('0');
    expect(await screen.findByText('No Data Available')).toBeTruthy();
  });

  it('pages on the server: the next page is asked for', async () => {
    const calls = fakeApi({ [`GET ${PROVIDER_API.dataRequests}`]: [200, page([request()], { total: 120 })] });
    openInbox();
    await screen.findByTestId('data-request-row');
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(calls.at(-1)?.search.get('page')).toBe('1'));
  });

  it('asks for the requests that fall due first, from the first page, and goes back to newest first', async () => {
    const calls = fakeApi({ [`GET ${PROVIDER_API.dataRequests}`]: [200, page([request()])] });
    openInbox();
    await screen.findByTestId('data-request-row');
    expect(calls.at(-1)?.search.get('sort')).toBe('created');
    fireEvent.click(screen.getByTestId('data-requests-sort-due'));
    await waitFor(() => expect(calls.at(-1)?.search.get('sort')).toBe('due'));
    expect(calls.at(-1)?.search.get('page')).toBe('0');
    // Back to newest first: the first answer is still cached, so nothing is asked again.
    fireEvent.click(screen.getByTestId('data-requests-sort-created'));
    await waitFor(() =>
      expect(screen.getByTestId('data-requests-sort-created').getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('says there are no data requests yet when the inbox is empty', async () => {
    fakeApi({ [`GET ${PROVIDER_API.dataRequests}`]: [200, page([])] });
    openInbox();
    expect(await screen.findByText('No data requests yet')).toBeTruthy();
  });

  it('links to the legacy detail page from the legacy list', async () => {
    fakeApi({ [`GET ${PROVIDER_API.dataRequests}`]: [200, page([request()])] });
    openInbox('/dataRequest');
    expect((await screen.findByTestId('data-request-open')).getAttribute('href')).toBe(
      '/data-request/details?id=r1',
    );
  });
});
