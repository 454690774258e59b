import type { FindingInput, PublishScanInput } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FacilityRepository } from '../facility.repository';
import type { FacilityStaff } from '../facility-staff';
import type { ReportFiles } from '../report-files';
import type { ScanMails } from '../scan-mails';
import type { ScanRepository } from '../scan.repository';
import { aFacility } from '../test-fixtures';
import { PublishScan } from './publish-scan';

const finding = (over: Partial<FindingInput> = {}): FindingInput => ({
  findingTypeId: 't-heart',
  outcome: 'MAJOR_FINDING',
  pathology: null,
  priorFindingId: null,
  keyImages: [
    { studyInstanceUid: '1.2', seriesInstanceUid: '1.2.3', sopInstanceUid: '1.2.3.4', frame: 1, caption: '' },
  ],
  pdfReports: [{ uploadKey: 'records/wbs/staff/k1', fileName: 'r.pdf' }],
  nextSteps: [{ title: 'See a cardiologist', subtitle: '', content: '', enable: true, dueDate: null }],
  children: [],
  ...over,
});
const input = (over: Partial<PublishScanInput> = {}): PublishScanInput => ({
  patientRequestId: 'r1',
  scanDate: '2026-11-02',
  patientSex: 'MALE',
  priorScanId: null,
  findings: [finding()],
  videoReports: [{ uploadKey: 'records/wbs/staff/v1', fileName: 'v.webm' }],
  ...over,
});

describe('PublishScan', () => {
  const setup = (opts: { request?: boolean; instances?: Map<string, number>; used?: string[] } = {}) => {
    const fake = fakeUseCaseKit();
    const writes = {
      scans: [] as unknown[],
      findings: [] as unknown[],
      documents: [] as unknown[],
      followUps: [] as unknown[],
    };
    const scans = stub<ScanRepository>({
      isPatientScanAt: jest.fn().mockResolvedValue(false),
      patientFindings: jest.fn().mockResolvedValue(new Set()),
      usedKeys: jest.fn().mockResolvedValue(new Set(opts.used ?? [])),
      insertScan: jest.fn(async (_tx, s) => void writes.scans.push(s)),
      insertFinding: jest.fn(async (_tx, f) => void writes.findings.push(f)),
      insertDocument: jest.fn(async (_tx, d) => void writes.documents.push(d)),
      insertFollowUp: jest.fn(async (_tx, f) => void writes.followUps.push(f)),
    });
    const facilities = stub<FacilityRepository>({
      requestAt: jest.fn().mockResolvedValue(
        opts.request === false
          ? null
          : {
              id: 'r1',
              user_id: 'u1',
              person_id: 'p1',
              custodian_id: 'c1',
              first_name: 'Pat',
              last_name: 'Jordan',
            },
      ),
      findingTypes: jest.fn().mockResolvedValue([{ id: 't-heart', custodian_id: 'c1' }]),
      requestInstances: jest.fn().mockResolvedValue(opts.instances ?? new Map([['1.2|1.2.3|1.2.3.4', 1]])),
    });
    const check = jest.fn(async (_u: string, key: string, kind: string) => ({
      blobKey: key,
      contentType: kind === 'PDF_REPORT' ? 'application/pdf' : 'video/webm',
      size: 10,
    }));
    const scanPublished = jest.fn();
    const useCase = new PublishScan(
      fake.kit,
      scans,
      facilities,
      stub<FacilityStaff>({ facilitiesOf: jest.fn().mockResolvedValue([aFacility()]) }),
      stub<ReportFiles>({ check }),
      stub<ScanMails>({ scanPublished }),
    );
    return { fake, writes, check, scanPublished, useCase };
  };

  it('writes the scan, findings, documents and follow-ups in one transaction, audits and mails the patient', async () => {
    const { fake, writes, check, scanPublished, useCase } = setup();
    const { id } = await useCase.execute('staff', input(), testCaller('staff'));
    expect(fake.transactions).toBe(1);
    expect(writes.scans).toEqual([
      expect.objectContaining({
        id,
        userId: 'u1',
        personId: 'p1',
        custodianId: 'c1',
        firstName: 'Pat',
        publishedBy: 'staff',
      }),
    ]);
    expect(writes.findings).toHaveLength(1);
    expect(writes.documents.map((d: any) => d.kind)).toEqual([
      'KEY_IMAGE',
      'PDF_REPORT',
      'NEXT_STEP',
      'VIDEO_REPORT',
    ]);
    expect(writes.followUps).toEqual([expect.objectContaining({ userId: 'u1', dueDate: '2026-12-02' })]);
    expect(check).toHaveBeenCalledWith(
      'staff',
      'records/wbs/staff/k1',
      'PDF_REPORT',
      'findings[0].pdfReports[0].uploadKey',
    );
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.wbs-scan-published', resourceId: id, subjectId: 'u1' }),
    ]);
    expect(scanPublished).toHaveBeenCalledWith(fake.kit.db, 'u1', {
      facility: 'St. Mary Imaging Center',
      scanDate: '2026-11-02',
    });
  });

  it('refuses, writing nothing: another facility’s request (404), a foreign type, a key image that is no stored instance, a prior finding without its scan, a used file', async () => {
    const cases: Array<[ReturnType<typeof setup>, PublishScanInput, string]> = [
      [setup({ request: false }), input(), 'RESOURCE.NOT_FOUND'],
      [setup(), input({ findings: [finding({ findingTypeId: 'other' })] }), 'REQUEST.VALIDATION_FAILED'],
      [setup({ instances: new Map() }), input(), 'REQUEST.VALIDATION_FAILED'],
      [setup(), input({ findings: [finding({ priorFindingId: 'f0' })] }), 'REQUEST.VALIDATION_FAILED'],
      [setup(), input({ priorScanId: 's0' }), 'REQUEST.VALIDATION_FAILED'],
      [setup({ used: ['records/wbs/staff/k1'] }), input(), 'RESOURCE.CONFLICT'],
    ];
    for (const [s, body, code] of cases) {
      await expect(s.useCase.execute('staff', body, testCaller('staff'))).rejects.toMatchObject({ code });
      expect(s.writes.scans).toEqual([]);
      expect(s.scanPublished).not.toHaveBeenCalled();
    }
  });
});
