import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DownloadIdentifiers } from '../../attachments/download-identifiers';
import type { EnhancedReportRepository, EnhancedReportRow } from '../enhanced-report.repository';
import { GetEnhancedReport } from './get-enhanced-report';

const row = (over: Partial<EnhancedReportRow>): EnhancedReportRow => ({
  identifier: 'e1',
  user_id: 'u1',
  patient_request_id: 'r1',
  document_id: 'd1',
  status: 'pending',
  result_key: null,
  error: null,
  stale: false,
  ...over,
});

describe('GetEnhancedReport', () => {
  const setup = (found: EnhancedReportRow | null) => {
    const fake = fakeUseCaseKit();
    const issue = jest.fn().mockResolvedValue({ identifier: 'dl-1' });
    return {
      fake,
      issue,
      useCase: new GetEnhancedReport(
        fake.kit,
        stub<EnhancedReportRepository>({ findOwned: jest.fn().mockResolvedValue(found) }),
        stub<DownloadIdentifiers>({ issue }),
      ),
    };
  };

  it('answers not ready while the work runs', async () => {
    await expect(setup(row({})).useCase.execute('u1', 'e1', testCaller('u1'))).resolves.toEqual({
      isReady: false,
      data: null,
    });
  });

  it('answers a download identifier of the page once ready, audited', async () => {
    const { fake, issue, useCase } = setup(
      row({ status: 'ready', result_key: 'records/enhanced/u1/e1.html' }),
    );
    await expect(useCase.execute('u1', 'e1', testCaller('u1'))).resolves.toEqual({
      isReady: true,
      data: { identifier: 'dl-1' },
    });
    expect(issue).toHaveBeenCalledWith(fake.kit.db, 'u1', {
      blobKey: 'records/enhanced/u1/e1.html',
      fileName: 'patient-friendly-report.html',
      contentType: 'text/html',
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.enhanced-report-opened', resourceId: 'd1' }),
    ]);
  });

  it('answers 409 with why for failed or lost work, and 404 for anyone else', async () => {
    await expect(
      setup(row({ status: 'failed', error: 'The report could not be read: bad XRef' })).useCase.execute(
        'u1',
        'e1',
        testCaller('u1'),
      ),
    ).rejects.toMatchObject({
      code: 'RESOURCE.CONFLICT',
      message:
        'The enhanced report could not be made: The report could not be read: bad XRef. Please try again.',
    });
    await expect(
      setup(row({ stale: true })).useCase.execute('u1', 'e1', testCaller('u1')),
    ).rejects.toMatchObject({ code: 'RESOURCE.CONFLICT' });
    await expect(setup(null).useCase.execute('u2', 'e1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Enhanced report not found',
    });
  });
});
