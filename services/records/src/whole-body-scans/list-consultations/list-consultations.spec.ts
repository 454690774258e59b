import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ConsultationRepository } from '../consultation.repository';
import type { FacilityStaff } from '../facility-staff';
import { ListConsultations } from './list-consultations';

describe('ListConsultations', () => {
  it("answers the facilities' inbox with days waiting and the host's link of each meeting", async () => {
    const fake = fakeUseCaseKit();
    const inbox = jest.fn().mockResolvedValue({
      total: 1,
      rows: [
        {
          id: 'c1',
          scan_id: 's1',
          user_id: 'u1',
          note: 'Heart?',
          status: 'SCHEDULED',
          created: new Date('2026-11-01T00:00:00Z'),
          scan_date: '2026-10-30',
          custodian_id: 'f1',
          organization_name: 'St. Mary',
          first_name: 'Pat',
          last_name: 'Jordan',
          email: null,
          days_waiting: 4,
        },
      ],
    });
    const meetings = jest.fn().mockResolvedValue([
      {
        id: 'm1',
        consultation_id: 'c1',
        scheduled_start: new Date('2026-11-05T09:00:00Z'),
        scheduled_end: new Date('2026-11-05T09:30:00Z'),
        ended_at: null,
        patient_participant_id: 'pp',
        host_participant_id: 'hp',
      },
    ]);
    const page = await new ListConsultations(
      fake.kit,
      stub<FacilityStaff>({ custodianIdsOf: jest.fn().mockResolvedValue(['f1']) }),
      stub<ConsultationRepository>({ inbox, meetings }),
    ).execute('staff', testCaller('staff'));
    expect(inbox).toHaveBeenCalledWith(fake.kit.db, ['f1'], 500);
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      whole_body_scan_id: 's1',
      days_waiting: 4,
      status: { mnemonic: 'SCHEDULED', name: 'Scheduled' },
      patient: { first_name: 'Pat', last_name: 'Jordan', email: '' },
      video_meetings: [{ id: 'm1', meeting_link: '/videoMeeting/m1/pp', host_link: '/videoMeeting/m1/hp' }],
    });
    expect(fake.audit).toHaveLength(1);
  });

  it('refuses staff of no whole-body-scan facility before reading anything', async () => {
    const fake = fakeUseCaseKit();
    const refused = Object.assign(new Error('no'), { code: 'AUTH.FORBIDDEN' });
    const inbox = jest.fn();
    await expect(
      new ListConsultations(
        fake.kit,
        stub<FacilityStaff>({ custodianIdsOf: jest.fn().mockRejectedValue(refused) }),
        stub<ConsultationRepository>({ inbox }),
      ).execute('x', testCaller('x')),
    ).rejects.toBe(refused);
    expect(inbox).not.toHaveBeenCalled();
  });
});
