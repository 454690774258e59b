import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROVIDER_API, type ProviderRecord } from '@portal/contracts';
import { saveUser } from '@portal/session';
import { fakeApi, type Call } from '../test/fake-api';
import { renderAt } from '../test/render';
import { WelcomeScreen } from './WelcomeScreen';

const record = (n: number, over: Partial<ProviderRecord> = {}): ProviderRecord => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  record_name: `CT Head ${n}`,
  record_type: 'IMAGES',
  body_part: 'Head',
  patient: { first_name: 'Pat', last_name: `Jordan${n}` },
  exam_date: '2026-05-0' + ((n % 9) + 1),
  facility: { id: 'o1', name: 'St. Mary Imaging Center' },
  patientRequestId: 'r1',
  documentRequestId: 'd1',
  starred: false,
  created: `2026-06-${String(n + 1).padStart(2, '0')}T10:00:00Z`,
  ...over,
});
const ten = Array.from({ length: 10 }, (_, i) => record(i));

const records = (answer: (c: Call) => ProviderRecord[], star: [number, unknown] = [200, {}]) =>
  fakeApi({
    [`GET ${PROVIDER_API.records}`]: (c) => [200, answer(c)],
    [`POST ${PROVIDER_API.starRecord}`]: star,
  });

const openWelcome = (entry = '/provider/all-records') =>
  renderAt(entry, '/provider/all-records', <WelcomeScreen />);

describe('the provider welcome page', () => {
  beforeEach(() => {
    saveUser({
      userId: 'u1',
      personId: 'p1',
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'provider@example.com',
      role: { mnemonic: 'EXTERNAL_PROVIDER' },
      roles: ['EXTERNAL_PROVIDER'],
    } as never);
  });

  it('greets the user by first name and shows the four newest records as New records', async () => {
    records(() => ten);
    openWelcome();
    expect(screen.getByTestId('page-title').textContent).toBe('Welcome, Dana!');
    const cards = await screen.findAllByTestId('provider-new-record-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'CT Head 9',
      'CT Head 8',
      'CT Head 7',
      'CT Head 6',
    ]);
  });

  it('shows the grid by default, with the spec columns and View to the record', async () => {
    records(() => ten.slice(0, 2));
    openWelcome();
    const rows = await screen.findAllByTestId('provider-record-row');
    expect(rows).toHaveLength(2);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Star',
      'Record name',
      'Type',
      'Body part',
      'Patient',
      'Exam date',
      'Facility',
      'View',
    ]);
    expect(rows[0].textContent).toContain('Jordan0, Pat');
    expect(rows[0].textContent).toContain('Images');
    expect(within(rows[0]).getByTestId('provider-record-view').getAttribute('href')).toBe(
      `/provider/view-request-report-details/r1/${ten[0].id}`,
    );
  });

  it('asks for the tab chosen and keeps the view in the query string', async () => {
    const calls = records((c) =>
      c.search.get('tab') === 'favourites' ? [record(3, { starred: true })] : ten,
    );
    openWelcome();
    await screen.findAllByTestId('provider-record-row');
    fireEvent.click(screen.getByTestId('provider-records-tab-favourites'));
    await waitFor(() => expect(screen.getAllByTestId('provider-record-row')).toHaveLength(1));
    expect(calls.some((c) => c.search.get('tab') === 'favourites')).toBe(true);
  });

  it('shows cards with Load more, four at a time, when grid=false', async () => {
    records(() => ten);
    openWelcome('/provider/all-records?grid=false');
    expect(await screen.findAllByTestId('provider-record-card')).toHaveLength(4);
    expect(screen.queryByTestId('provider-record-row')).toBeNull();
    fireEvent.click(screen.getByTestId('provider-records-load-more'));
    expect(screen.getAllByTestId('provider-record-card')).toHaveLength(8);
    fireEvent.click(screen.getByTestId('provider-records-load-more'));
    expect(screen.getAllByTestId('provider-record-card')).toHaveLength(10);
    expect(screen.queryByTestId('provider-records-load-more')).toBeNull();
    fireEvent.click(screen.getByTestId('provider-view-grid'));
    expect(await screen.findAllByTestId('provider-record-row')).toHaveLength(10);
  });

  it('stars a record at once, and puts the star back when the call is refused', async () => {
    const calls = records(
      () => ten.slice(0, 1),
      [403, { statusCode: 403, code: 'AUTH.FORBIDDEN', message: 'You do not have access to this resource' }],
    );
    openWelcome();
    const row = await screen.findByTestId('provider-record-row');
    const star = within(row).getByTestId('provider-record-star');
    fireEvent.click(star);
    expect(within(row).getByTestId('provider-record-star').getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('You do not have access to this resource')).toBeTruthy();
    expect(within(row).getByTestId('provider-record-star').getAttribute('aria-pressed')).toBe('false');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ documentId: ten[0].id, starred: true });
  });

  it('searches by patient or record name once typing pauses', async () => {
    const calls = records((c) => (c.search.get('search') ? [] : ten));
    openWelcome();
    await screen.findAllByTestId('provider-record-row');
    fireEvent.change(screen.getByTestId('provider-search'), { target: { value: 'Jordan' } });
    expect(await screen.findByText('No Records Found')).toBeTruthy();
    expect(calls.at(-1)?.search.get('search')).toBe('Jordan');
  });

  it('says there are no new records when the facility has delivered none', async () => {
    records(() => []);
    openWelcome();
    expect(await screen.findByText("You don't have any new Records")).toBeTruthy();
    expect(await screen.findByText('No Records Found')).toBeTruthy();
  });
});
