import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ConsultationRepository, FacilityConsultationRow } from '../consultation.repository';
import type { FacilityRepository } from '../facility.repository';
import type { FacilityStaff } from '../facility-staff';
import type { ScanMails } from '../scan-mails';
import { ScheduleMeeting } from './schedule-meeting';

const consultation = (over: Partial<FacilityConsultationRow> = {}): FacilityConsultationRow => ({
  id: 'c1',
  scan_id: 's1',
  user_id: 'u1',
  note: 'Heart?',
  status: 'REQUESTED',
  created: new Date(),
  scan_user_id: 'u1',
  scan_date: '2026-11-02',
  custodian_id: 'f1',
  organization_name: 'St. Mary Imaging Center',
  first_name: 'Pat',
  last_name: 'Jordan',
  ...over,
});

describe('ScheduleMeeting', () => {
  const setup = (found: FacilityConsultationRow | null = consultation()) => {
    const fake = fakeUseCaseKit();
    const repo = {
      lockAtFacilities: jest.fn().mockResolvedValue(found),
      insertMeeting: jest.fn(),
      setStatus: jest.fn(),
    };
    const meetingScheduled = jest.fn();
    const useCase = new ScheduleMeeting(
      fake.kit,
      stub<FacilityStaff>({ custodianIdsOf: jest.fn().mockResolvedValue(['f1']) }),
      stub<ConsultationRepository>(repo),
      stub<FacilityRepository>({ holderName: jest.fn().mockResolvedValue(null) }),
      stub<ScanMails>({ meetingScheduled }),
    );
    return { fake, repo, meetingScheduled, useCase };
  };
  const input = { scheduledStart: '2026-12-01T09:00:00.000Z', durationMinutes: 45 };

  it('makes the meeting with the patient as guest and the caller as host, schedules, audits and mails the link', async () => {
    const { fake, repo, meetingScheduled, useCase } = setup();
    const answer = await useCase.execute('host-user', 'c1', input, testCaller('host-user'));
    const [, meeting, people] = repo.insertMeeting.mock.calls[0];
    expect(meeting).toEqual({
      id: answer.id,
      consultationId: 'c1',
      title: 'Whole body scan consultation',
      start: new Date('2026-12-01T09:00:00.000Z'),
      end: new Date('2026-12-01T09:45:00.000Z'),
    });
    expect(people).toEqual([
      { id: expect.any(String), userId: 'u1', role: 'GUEST', displayName: 'Pat Jordan' },
      { id: expect.any(String), userId: 'host-user', role: 'HOST', displayName: 'Care team' },
    ]);
    expect(answer.host_link).toBe(`/videoMeeting/${answer.id}/${people[1].id}`);
    expect(repo.setStatus).toHaveBeenCalledWith(fake.tx, 'c1', 'SCHEDULED');
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.wbs-meeting-scheduled', subjectId: 'u1' }),
    ]);
    expect(meetingScheduled).toHaveBeenCalledWith(fake.kit.db, 'u1', {
      facility: 'St. Mary Imaging Center',
      start: meeting.start,
      durationMinutes: 45,
      link: `/videoMeeting/${answer.id}/${people[0].id}`,
    });
  });

  it("answers 404 for another facility's consultation and 409 for a closed one; nothing is mailed", async () => {
    const missing = setup(null);
    await expect(missing.useCase.execute('h', 'c1', input, testCaller('h'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    const closed = setup(consultation({ status: 'CANCELLED' }));
    await expect(closed.useCase.execute('h', 'c1', input, testCaller('h'))).rejects.toMatchObject({
      code: 'RESOURCE.CONFLICT',
    });
    expect(closed.repo.insertMeeting).not.toHaveBeenCalled();
    expect(closed.meetingScheduled).not.toHaveBeenCalled();
  });
});
