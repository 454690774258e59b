import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { PROVIDER_API } from '@portal/contracts';
import { createRemoteStore } from '@portal/api';
import { PortalSnackbarProvider } from '@portal/ui';
import { api } from '../api';
import { DataRequestsScreen } from './DataRequestsScreen';

const answer = (status: number, body: unknown) => {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    expect(new URL(String(input), 'http://localhost').pathname).toBe(PROVIDER_API.dataRequests);
    return { status, statusText: '', ok: status < 300, text: async () => JSON.stringify(body) } as Response;
  }) as typeof fetch;
};

const renderInbox = () =>
  render(
    <Provider store={createRemoteStore(api)}>
      <PortalSnackbarProvider>
        <MemoryRouter initialEntries={['/provider/external-requests']}>
          <DataRequestsScreen />
        </MemoryRouter>
      </PortalSnackbarProvider>
    </Provider>,
  );

describe('the data-request inbox', () => {
  it('says why when the provider context refuses the caller (403), instead of an empty inbox', async () => {
    answer(403, { statusCode: 403, code: 'AUTH.FORBIDDEN', message: 'You do not have access to this resource' });
    renderInbox();
    expect((await screen.findByTestId('provider-data-requests-error')).textContent).toBe('You do not have access to this resource');
    expect(screen.queryByText('No Data Available')).toBeNull();
  });

  it('lists a request with an Open link to its detail page', async () => {
    answer(200, [
      {
        id: 'r1',
        created: '2026-11-20T10:00:00Z',
        organization: { id: 'o1', name: 'St. Mary Imaging Center' },
        patients: [{ id: 'p1', first_name: 'Pat', last_name: 'Jordan', patient_dob: '1984-03-12' }],
        document_request: [{ id: 'd1', document_request_type: { mnemonic: 'IMAGES', name: 'Images' } }],
      },
    ]);
    renderInbox();
    const row = await screen.findByTestId('data-request-row');
    expect(row.textContent).toContain('Jordan, Pat');
    expect(row.textContent).toContain('03/12/1984');
    expect(screen.getByTestId('data-request-open').getAttribute('href')).toBe('/provider/patient-request-detail/r1');
  });
});
