import { screen } from '@testing-library/react';
import { PROVIDER_API } from '@portal/contracts';
import { fakeApi } from './test/fake-api';
import { renderAt } from './test/render';
import { Root } from './Root';

const answerEverything = () =>
  fakeApi({
    [`GET ${PROVIDER_API.records}`]: [200, []],
    [`GET ${PROVIDER_API.dataRequests}`]: [200, { total: 0, overdue: 0, dueSoon: 0, rows: [] }],
  });

describe('the provider route table', () => {
  it.each([
    ['/provider/all-records', 'provider-welcome'],
    ['/provider/nowhere', 'provider-welcome'],
    ['/provider/external-requests', 'provider-data-requests'],
    ['/dataRequest', 'provider-data-requests'],
    ['/provider/patient-request-detail/r1', 'provider-request-detail'],
    ['/data-request/details?id=r1', 'provider-request-detail'],
    ['/data-request/details/upload?id=r1&documentRequestId=d1', 'provider-request-detail'],
    ['/data-request/elsewhere', 'provider-data-requests'],
    ['/provider/view-request-report-details/r1/x1', 'provider-record-details'],
    ['/provider/review-request-details/r1/x1', 'provider-record-details'],
  ])('%s draws %s', async (entry, testId) => {
    answerEverything();
    renderAt(entry, '*', <Root />);
    expect(await screen.findByTestId(testId)).toBeTruthy();
  });
});
