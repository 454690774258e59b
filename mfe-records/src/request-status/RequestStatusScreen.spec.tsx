import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IMAGING_API, REQUESTS_API } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../testing';
import RequestStatusScreen from './RequestStatusScreen';

const details = {
  id: 'r1',
  status: 'Uploaded by external provider',
  created_at: '2026-01-02T10:00:00.000Z',
  custodian: { id: 'c1', name: 'St. Mary Imaging Center' },
  patient: {
    firstName: 'Ann',
    middleName: null,
    lastName: 'Lee',
    dateOfBirth: '1980-04-09',
    email: 'ann@example.com',
  },
  mrn: 'MRN-77',
  dueDate: '2026-02-01',
  timeline: [
    { event: 'SUBMITTED', at: '2026-01-02T10:00:00.000Z', detail: null },
    { event: 'FILES_UPLOADED', at: '2026-01-03T10:00:00.000Z', detail: '20' },
    { event: 'REJECTED', at: '2026-01-04T10:00:00.000Z', detail: 'Reports: Records/films are lost' },
  ],
};

describe('Request status page', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('shows the facility, the status tag, the due date and each timeline entry with its name', async () => {
    fakeApi({ [`GET ${REQUESTS_API.patientRequest}/r1`]: [200, details] });
    renderAt(
      '/patient/my-records/review-request-details/r1',
      <RequestStatusScreen />,
      '/patient/my-records/review-request-details/:id',
    );
    expect((await screen.findByTestId('request-facility')).textContent).toContain('St. Mary Imaging Center');
    expect(screen.getByTestId('request-status').textContent).toContain('Uploaded by external provider');
    expect(screen.getByTestId('request-due-date').textContent).toContain('Due by Feb 01, 2026');
    const entries = screen.getAllByTestId('timeline-entry');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Request submitted'),
      expect.stringContaining('Files uploaded by the facility (20 files)'),
      expect.stringContaining('Rejected by the facility (Reports: Records/films are lost)'),
    ]);
    expect(within(entries[0]).getByText(new Date(details.timeline[0].at).toLocaleString())).toBeTruthy();
  });

  it("shows the facility's and the patient's details and goes back to the page it came from", async () => {
    fakeApi({
      [`GET ${REQUESTS_API.patientRequest}/r1`]: [200, details],
      [`GET ${REQUESTS_API.getCustodiansDetails}/c1`]: [
        200,
        {
          id: 'c1',
          name: 'St. Mary Imaging Center',
          address: {
            primary_address: '1 Main St',
            city: { name: 'Springfield', state_name: 'Illinois' },
            state: 'IL',
            postcode: '62701',
          },
          phone: '(217) 555-0100',
          website: 'https://stmary.example.org',
          value: { image_data: 'iVBORw0KGgo=' },
        },
      ],
    });
    renderAt(
      '/patient/my-records/review-request-details/r1?from=open-requests',
      <RequestStatusScreen />,
      '/patient/my-records/review-request-details/:id',
    );
    const facility = await screen.findByTestId('request-facility');
    expect(await within(facility).findByTestId('facility-address')).toBeTruthy();
    expect(facility.textContent).toContain('Springfield, IL 62701');
    expect(within(facility).getByTestId('facility-phone').textContent).toBe('(217) 555-0100');
    expect(within(facility).getByTestId('facility-website').getAttribute('href')).toBe(
      'https://stmary.example.org',
    );
    expect(within(facility).getByTestId('facility-logo').querySelector('img')?.getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    const patient = screen.getByTestId('request-patient');
    for (const text of ['Ann Lee', 'Apr 09, 1980', 'MRN-77', 'ann@example.com'])
      expect(patient.textContent).toContain(text);
    const back = screen.getByTestId('back-button');
    expect(back.textContent).toContain('Back to Open Requests');
    fireEvent.click(back);
    expect(screen.getByTestId('landed').textContent).toBe('/patient/my-records/open-requests');
  });
});

describe('Request status page of a Smart FHIR request whose study is being moved in', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it("shows imaging's progress while 'Pending study move'", async () => {
    fakeApi({
      [`GET ${REQUESTS_API.patientRequest}/r1`]: [200, { ...details, status: 'Pending study move' }],
      [`GET ${IMAGING_API.studyMove('r1')}`]: [
        200,
        {
          status: 'moving',
          instancesTotal: 300,
          instancesDone: 96,
          bytesDone: 5e7,
          attempts: 1,
          error: 'The facility did not answer in time',
        },
      ],
    });
    renderAt(
      '/patient/my-records/review-request-details/r1',
      <RequestStatusScreen />,
      '/patient/my-records/review-request-details/:id',
    );
    const move = await screen.findByTestId('study-move');
    expect(move.textContent).toBe(
      "Bringing the study in from the facility's system: 96 of 300 images. Trying again (The facility did not answer in time).",
    );
    expect(within(move).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('32');
  });

  it("a request in 'Pending payment' offers Pay fee (the billing page); 'Pending payment clearance' does not (issue 30)", async () => {
    const id = '0b5f7c1e-2d3a-4e6f-8a9b-1c2d3e4f5a6b';
    fakeApi({
      [`GET ${REQUESTS_API.patientRequest}/${id}`]: [200, { ...details, id, status: 'Pending payment' }],
    });
    const first = renderAt(
      `/patient/my-records/review-request-details/${id}`,
      <RequestStatusScreen />,
      '/patient/my-records/review-request-details/:id',
    );
    const pay = await screen.findByTestId('pay-request-fee');
    expect(pay.getAttribute('href')).toBe(`/subscription/request-fee/${id}`);
    expect(screen.getByTestId('request-status').textContent).toContain('Pending payment');
    fireEvent.click(pay);
    expect(screen.getByTestId('landed').textContent).toBe(`/subscription/request-fee/${id}`);
    first.unmount();

    fakeApi({
      [`GET ${REQUESTS_API.patientRequest}/r1`]: [200, { ...details, status: 'Pending payment clearance' }],
    });
    renderAt(
      '/patient/my-records/review-request-details/r1',
      <RequestStatusScreen />,
      '/patient/my-records/review-request-details/:id',
    );
    await waitFor(() =>
      expect(screen.getByTestId('request-status').textContent).toContain('Pending payment clearance'),
    );
    expect(screen.queryByTestId('pay-request-fee')).toBeNull();
  });
});
