import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  PROVIDER_API,
  type DataRequestDetail,
  type ProviderDocument,
  type ProviderRecord,
  type ProviderRecordDetail,
} from '@portal/contracts';
import { fakeApi } from '../test/fake-api';
import { renderAt } from '../test/render';
import { RecordDetailsScreen, tabsOf } from './RecordDetailsScreen';

const RID = '11111111-1111-4111-8111-111111111111';
const ROUTE = '/provider/view-request-report-details/:patientRequestId/:recordId';
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
const report: ProviderDocument = {
  id: 'rep1',
  filename: 'report.pdf',
  file_name: 'report.pdf',
  path: 'report.pdf',
  document_request: { id: 'd2', document_request_type: { mnemonic: 'REPORTS', name: 'Reports' } },
  content_type: 'application/pdf',
  size: 10,
  created: '2026-06-01T10:00:00Z',
  openable: true,
};
const detail: ProviderRecordDetail = {
  record,
  study: { study_uid: '1.2.3', modality: 'CT', description: 'HEAD' },
  reports: [report],
};
const request = {
  id: RID,
  created: '2026-04-20T10:00:00Z',
  status: { name: 'Completed' },
  patients: [{ id: 'p1', first_name: 'Pat', last_name: 'Jordan', patient_dob: '1984-03-12' }],
  document_request: [{ id: 'd1', document_request_type: { mnemonic: 'IMAGES', name: 'Images' } }],
  timeline: [],
} as unknown as DataRequestDetail;

describe('a record the facility delivered', () => {
  it('shows the report in a frame by its identifier, the record and the request it came from', async () => {
    fakeApi({
      [`GET ${PROVIDER_API.record('x1')}`]: [200, detail],
      [`GET ${PROVIDER_API.recordReport('x1', 'rep1')}`]: [200, { identifier: 'sealed.id' }],
      [`GET ${PROVIDER_API.dataRequest(RID)}`]: [200, request],
    });
    renderAt(`/provider/view-request-report-details/${RID}/x1`, ROUTE, <RecordDetailsScreen />);
    expect((await screen.findByTestId('report-frame')).getAttribute('src')).toBe(
      PROVIDER_API.download('sealed.id'),
    );
    expect(screen.getByTestId('page-title').textContent).toBe('CT Head');
    expect(screen.getByTestId('record-details-record').textContent).toContain('St. Mary Imaging Center');
    expect(screen.getByTestId('record-details-exam-date').textContent).toBe('05/01/2026');
    expect((await screen.findByTestId('record-details-request-patient')).textContent).toBe(
      'Jordan, Pat (03/12/1984)',
    );
    expect(screen.getByTestId('record-details-open-request').getAttribute('href')).toBe(
      `/provider/patient-request-detail/${RID}`,
    );
  });

  it("opens the study in the viewer remote with the facility's token for it", async () => {
    const calls = fakeApi({
      [`GET ${PROVIDER_API.record('x1')}`]: [200, detail],
      [`GET ${PROVIDER_API.recordReport('x1', 'rep1')}`]: [200, { identifier: 'sealed.id' }],
      [`GET ${PROVIDER_API.recordViewerToken('x1')}`]: [200, { jwt: 'viewer-jwt', study_available: true }],
      [`GET ${PROVIDER_API.dataRequest(RID)}`]: [200, request],
    });
    const given: unknown[] = [];
    const loader = jest.fn(async () => ({
      default: (props: unknown) => (given.push(props), (<p data-testid="fake-viewer">viewer</p>)),
    }));
    renderAt(
      `/provider/view-request-report-details/${RID}/x1`,
      ROUTE,
      <RecordDetailsScreen viewerLoader={loader} />,
    );
    fireEvent.click(await screen.findByTestId('tab-imaging'));
    expect(await screen.findByTestId('fake-viewer')).toBeTruthy();
    expect(loader).toHaveBeenCalledWith('mfe_viewer/ImagingViewer');
    expect(given.at(-1)).toMatchObject({
      studyInstanceUid: '1.2.3',
      patientRequestId: RID,
      token: 'viewer-jwt',
      organizationName: 'St. Mary Imaging Center',
      patientName: 'Jordan, Pat',
    });
    expect(calls.some((c) => c.path === PROVIDER_API.recordViewerToken('x1'))).toBe(true);
  });

  it('says No Records Found for a record the facility did not deliver (404), with no frame', async () => {
    fakeApi({
      [`GET ${PROVIDER_API.record('gone')}`]: [
        404,
        { statusCode: 404, code: 'RESOURCE.NOT_FOUND', message: 'Record not found' },
      ],
    });
    renderAt(`/provider/view-request-report-details/${RID}/gone`, ROUTE, <RecordDetailsScreen />);
    await waitFor(() =>
      expect(screen.getByTestId('record-details-error').textContent).toBe('No Records Found'),
    );
    expect(screen.queryByTestId('report-frame')).toBeNull();
  });

  it('has a Report tab when a document opens in the browser and an Imaging tab for a study', () => {
    expect(tabsOf(detail)).toEqual(['report', 'imaging']);
    expect(tabsOf({ ...detail, study: null })).toEqual(['report']);
    expect(tabsOf({ ...detail, reports: [] })).toEqual(['imaging']);
  });
});
