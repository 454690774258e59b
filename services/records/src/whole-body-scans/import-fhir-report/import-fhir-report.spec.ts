import { fakeUseCaseKit, stub, testCaller, TEST_PDF } from '@portal/server-kit/testing';
import type { FacilityRepository } from '../facility.repository';
import type { FacilityStaff } from '../facility-staff';
import type { PublishScan } from '../publish-scan/publish-scan';
import type { ReportFiles } from '../report-files';
import { ImportFhirReport } from './import-fhir-report';

const REQUEST = '11111111-1111-4111-8111-111111111111';
const report = {
  resourceType: 'DiagnosticReport',
  status: 'final',
  code: { text: 'Whole body MRI' },
  subject: { identifier: { value: REQUEST } },
  effectiveDateTime: '2026-11-15',
  contained: [{ resourceType: 'Observation', id: 'o1', status: 'final', code: { text: 'heart' } }],
  result: [{ reference: '#o1' }],
  presentedForm: [
    { contentType: 'application/pdf', data: TEST_PDF.toString('base64'), title: 'Full report' },
  ],
};

describe('ImportFhirReport', () => {
  const setup = (publish = jest.fn().mockResolvedValue({ id: 'scan-1' })) => {
    const fake = fakeUseCaseKit();
    const files = { keep: jest.fn(), remove: jest.fn() };
    const useCase = new ImportFhirReport(
      fake.kit,
      stub<FacilityStaff>({ custodianIdsOf: jest.fn().mockResolvedValue(['c1']) }),
      stub<FacilityRepository>({
        requestAt: jest.fn().mockResolvedValue({ id: REQUEST, custodian_id: 'c1' }),
        findingTypes: jest
          .fn()
          .mockResolvedValue([
            { id: '22222222-2222-4222-8222-222222222222', name: 'Heart', custodian_id: 'c1' },
          ]),
      }),
      stub<ReportFiles>(files),
      stub<PublishScan>({ execute: publish }),
    );
    return { files, publish, useCase };
  };

  it('publishes the report through the publish use case, its PDF kept under the caller’s prefix', async () => {
    const { files, publish, useCase } = setup();
    await expect(useCase.execute('staff', report, testCaller('staff'))).resolves.toEqual({ id: 'scan-1' });
    const [key, bytes] = files.keep.mock.calls[0].slice(1);
    expect(key).toMatch(/^records\/wbs\/staff\/[0-9a-f-]{36}$/);
    expect(bytes.equals(TEST_PDF)).toBe(true);
    const [, input, , source] = publish.mock.calls[0];
    expect(source).toBe('fhir');
    expect(input).toMatchObject({
      patientRequestId: REQUEST,
      scanDate: '2026-11-15',
      patientSex: 'OTHER',
      findings: [
        {
          findingTypeId: '22222222-2222-4222-8222-222222222222',
          outcome: 'NO_ADVERSE_FINDING',
          pdfReports: [{ uploadKey: key, fileName: 'Full report.pdf' }],
        },
      ],
    });
  });

  it('answers 400 for what is not a valid report, and removes its PDF when publishing fails', async () => {
    const { useCase } = setup();
    for (const bad of [[report], 'text', { ...report, resourceType: 'Patient' }, { ...report, subject: {} }])
      await expect(useCase.execute('staff', bad, testCaller('staff'))).rejects.toMatchObject({
        code: 'REQUEST.VALIDATION_FAILED',
      });
    await expect(
      useCase.execute(
        'staff',
        { ...report, contained: [{ ...report.contained[0], code: { text: 'Elbow' } }] },
        testCaller('staff'),
      ),
    ).rejects.toMatchObject({
      message: 'Invalid FHIR DiagnosticReport: no finding type of the facility is named Elbow',
    });
    const failing = setup(jest.fn().mockRejectedValue(new Error('boom')));
    await expect(failing.useCase.execute('staff', report, testCaller('staff'))).rejects.toThrow('boom');
    expect(failing.files.remove).toHaveBeenCalledWith(failing.files.keep.mock.calls[0][1]);
  });
});
