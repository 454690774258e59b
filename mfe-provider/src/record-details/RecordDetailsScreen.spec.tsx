import { screen } from '@testing-library/react';
import { PROVIDER_API, type DataRequestDetail, type ProviderRecord } from '@portal/contracts';
import { fakeApi } from '../test/fake-api';
import { renderAt } from '../test/render';
import { RecordDetailsScreen } from './RecordDetailsScreen';

const RID = '11111111-1111-4111-8111-111111111111';
const record: ProviderRecord = {
  id: 'x1',
  record_name: 'CT Head',
  record_type: 'IMAGES',
  body_part: 'Head',
  patient: { first_name: 'Pat', last_name: 'Jordan' },
  exam_date: '2026-05-01',
  facility: { id: 'o1', name: 'St. Mary Imaging Center' },
  patientRequestId: RID,
  documentRequestId: 'd1',
  starred: false,
  created: '2026-06-01T10:00:00Z',
};
const request = {
  id: RID,
  created: '2026-04-20T10:00:00Z',
  status: { name: 'Completed' },
  patients: [{ id: 'p1', first_name: 'Pat', last_name: 'Jordan', patient_dob: '1984-03-12' }],
  document_request: [{ id: 'd1', document_request_type: { mnemonic: 'IMAGES', name: 'Images' } }],
  timeline: [],
} as unknown as DataRequestDetail;

describe('a record of the welcome page', () => {
  it('shows the record and the request it came from, with a way to that request', async () => {
    fakeApi({ [`GET ${PROVIDER_API.records}`]: [200, [record]], [`GET ${PROVIDER_API.dataRequest(RID)}`]: [200, request] });
    renderAt(`/provider/view-request-report-details/${RID}/x1`, '/provider/view-request-report-details/:patientRequestId/:recordId', <RecordDetailsScreen />);
    expect((await screen.findByTestId('record-details-record')).textContent).toContain('St. Mary Imaging Center');
    expect(screen.getByTestId('page-title').textContent).toBe('CT Head');
    expect(screen.getByTestId('record-details-exam-date').textContent).toBe('05/01/2026');
    expect((await screen.findByTestId('record-details-request-patient')).textContent).toBe('Jordan, Pat (03/12/1984)');
    expect(screen.getByTestId('status-tag').textContent).toBe('Completed');
    expect(screen.getByTestId('record-details-open-request').getAttribute('href')).toBe(`/provider/patient-request-detail/${RID}`);
  });

  it('says so when the record is not among the facility records', async () => {
    fakeApi({ [`GET ${PROVIDER_API.records}`]: [200, []], [`GET ${PROVIDER_API.dataRequest(RID)}`]: [200, request] });
    renderAt(`/provider/view-request-report-details/${RID}/gone`, '/provider/view-request-report-details/:patientRequestId/:recordId', <RecordDetailsScreen />);
    expect(await screen.findByText('No Records Found')).toBeTruthy();
  });
});
