import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ConsultationRepository } from '../consultation.repository';
import type { ScanRepository } from '../scan.repository';
import { aFinding, aScan } from '../test-fixtures';
import { GetScan } from './get-scan';

describe('GetScan', () => {
  const setup = (scan = aScan({ prior_scan_id: 'p0', prior_scan_date: '2025-11-12' })) => {
    const fake = fakeUseCaseKit();
    const scans = stub<ScanRepository>({
      findOwned: jest.fn().mockImplementation(async (_db, userId) => (userId === 'u1' ? scan : null)),
      findings: jest.fn().mockResolvedValue([aFinding({ prior_finding_id: 'old' })]),
      unlinkedPriorFindings: jest.fn().mockResolvedValue([aFinding({ id: 'gone' })]),
    });
    const consultations = stub<ConsultationRepository>({
      forScan: jest.fn().mockResolvedValue([
        {
          id: 'c1',
          scan_id: 's1',
          user_id: 'u1',
          note: 'Heart?',
          status: 'SCHEDULED',
          created: new Date('2026-11-04T00:00:00Z'),
        },
      ]),
      meetings: jest.fn().mockResolvedValue([
        {
          id: 'm1',
          consultation_id: 'c1',
          scheduled_start: new Date('2026-11-05T09:00:00Z'),
          scheduled_end: new Date('2026-11-05T09:30:00Z'),
          ended_at: null,
          patient_participant_id: 'pp',
          host_participant_id: 'hp',
        },
      ]),
    });
    return { fake, useCase: new GetScan(fake.kit, scans, consultations) };
  };

  it('answers the scan with its findings tree, changes, prior scan and consultations with the patient’s own link', async () => {
    const { fake, useCase } = setup();
    const scan = await useCase.execute('u1', 's1', testCaller('u1'));
    expect(scan.prior_scan).toEqual({ id: 'p0', scan_date: '2025-11-12' });
    expect(scan.findings.map((f) => f.change)).toEqual(['STABLE', 'RESOLVED']);
    expect(scan.consult_requests).toEqual([
      {
        id: 'c1',
        status: { mnemonic: 'SCHEDULED', name: 'Scheduled' },
        patient: { first_name: 'Pat', last_name: 'Jordan' },
        note: 'Heart?',
        created: '2026-11-04T00:00:00.000Z',
        video_meetings: [
          {
            id: 'm1',
            meeting_link: '/videoMeeting/m1/pp',
            scheduled_start_time: '2026-11-05T09:00:00.000Z',
            scheduled_end_time: '2026-11-05T09:30:00.000Z',
            ended: false,
          },
        ],
      },
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.wbs-scan-read', resourceId: 's1' }),
    ]);
  });

  it("answers 404 for another patient's scan and audits nothing", async () => {
    const { fake, useCase } = setup();
    await expect(useCase.execute('u2', 's1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Whole body scan not found',
    });
    expect(fake.audit).toEqual([]);
  });
});
