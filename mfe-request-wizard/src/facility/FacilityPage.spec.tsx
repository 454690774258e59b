import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createRemoteStore } from '@portal/api';
import { REQUESTS_API, type CustodianDetails } from '@portal/contracts';
import { api } from '../api';
import FacilityPage, { FACILITY_NOT_FOUND } from './FacilityPage';

const LOGO = 'data:image/png;base64,iVBORw0KGgo=';
const LAKESIDE: CustodianDetails = {
  id: 'f1',
  name: 'Lakeside Radiology',
  address: {
    primary_address: '45 Shore Rd',
    city: { name: 'Chicago', state_name: 'Illinois' },
    state: 'IL',
    postcode: '60601',
  },
  isMRNCompulsory: false,
  description: 'Outpatient MRI, CT and X-ray on the lake shore.',
  phone: '3125550100',
  website: 'lakeside.example',
  theme: 'blue',
  aliases: [{ id: 'a1', name: 'Lakeside Imaging North', organization_id: 'o1' }],
  value: { image_data: LOGO },
  docTypes: [
    { id: 'd1', name: 'Images', mnemonic: 'IMAGES' },
    { id: 'd2', name: 'Reports', mnemonic: 'REPORTS' },
  ],
  requestFee: null,
};

/** Answers getCustodiansDetails/{id} for Lakeside only; anything else is the context's 404. */
const fakeDetails = () => {
  const asked: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url.pathname);
    const found = url.pathname === `${REQUESTS_API.getCustodiansDetails}/f1`;
    const [status, body] = found
      ? [200, LAKESIDE]
      : [404, { statusCode: 404, code: 'CUSTODIAN.NOT_FOUND', message: 'Facility not found' }];
    return { status, statusText: '', ok: status < 300, text: async () => JSON.stringify(body) } as Response;
  }) as typeof fetch;
  return asked;
};

const Landed = () => <p data-testid="landed">{useLocation().pathname}</p>;

const open = (id: string) =>
  render(
    <Provider store={createRemoteStore(api)}>
      <MemoryRouter initialEntries={[`/facility/${id}`]}>
        <Routes>
          <Route path="/facility/:id" element={<FacilityPage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );

describe('Facility page', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows the facility: name, logo, address, phone, website, description, what it holds and its aliases', async () => {
    const asked = fakeDetails();
    open('f1');
    expect((await screen.findByTestId('facility-name')).textContent).toBe('Lakeside Radiology');
    expect(asked).toEqual([`${REQUESTS_API.getCustodiansDetails}/f1`]);
    expect(screen.getByAltText('Lakeside Radiology logo').getAttribute('src')).toBe(LOGO);
    expect(screen.getByTestId('facility-address').textContent).toBe('45 Shore Rd, Chicago, Illinois, 60601');
    expect(screen.getByText('3125550100').getAttribute('href')).toBe('tel:3125550100');
    const site = screen.getByText('lakeside.example');
    expect(site.getAttribute('href')).toBe('https://lakeside.example');
    expect(site.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('facility-description').textContent).toContain('Outpatient MRI');
    expect(screen.getByTestId('facility-doc-types').textContent).toContain('Images');
    expect(screen.getByTestId('facility-doc-types').textContent).toContain('Reports');
    expect(screen.getByTestId('facility-aliases').textContent).toContain('Lakeside Imaging North');
  });

  it('starts the wizard for the facility from Request records', async () => {
    fakeDetails();
    open('f1');
    fireEvent.click(await screen.findByTestId('facility-request'));
    expect(screen.getByTestId('landed').textContent).toBe('/request-records/consent');
    expect(JSON.parse(sessionStorage.getItem('requestWizard') ?? 'null')).toMatchObject({ facilityId: 'f1' });
  });

  it('says so when the facility does not exist', async () => {
    fakeDetails();
    open('nope');
    expect((await screen.findByTestId('facility-not-found')).textContent).toContain(FACILITY_NOT_FOUND);
    expect(screen.queryByTestId('facility-request')).toBeNull();
  });
});
