import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DataRequestRepository, StoredDataRequest } from '../data-request.repository';
import { GetDataRequest } from './get-data-request';

const stored = (over: Partial<StoredDataRequest> = {}): StoredDataRequest => ({
  id: 'r1',
  custodian_id: 'c1',
  custodian_name: 'St. Mary',
  patient_user_id: 'u1',
  patient_first_name: 'Pat',
  patient_last_name: 'Jordan',
  patient_dob: '1984-03-12',
  patient_mrn: null,
  status: 'New',
  created_at: new Date(),
  date_from: null,
  date_to: null,
  body_parts: [],
  attachments: [],
  seen_at: null,
  uploaded_at: null,
  document_requests: [],
  ...over,
});

describe('GetDataRequest', () => {
  it('marks the request seen on the first open, emits provider.request-seen and audits the read', async () => {
    const fake = fakeUseCaseKit();
    const repo = stub<DataRequestRepository>({
      findForStaff: jest.fn().mockResolvedValue(stored()),
      markSeen: jest.fn().mockResolvedValue(true),
      addTimeline: jest.fn(),
      timeline: jest.fn().mockResolvedValue([{ event: 'SUBMITTED', at: 'x' }]),
    });
    const detail = await new GetDataRequest(fake.kit, repo).execute('staff-1', 'r1', testCaller('staff-1'));
    expect(detail.seen_at).not.toBeNull();
    expect(detail.timeline).toEqual([{ event: 'SUBMITTED', at: 'x' }]);
    expect(repo.addTimeline).toHaveBeenCalledWith(fake.tx, 'r1', 'SEEN_BY_FACILITY', expect.any(Date));
    // userId is the patient's: every context keys its projection of a request by the patient.
    expect(fake.events).toEqual([
      {
        type: 'provider.request-seen',
        payload: expect.objectContaining({ patientRequestId: 'r1', userId: 'u1', custodianId: 'c1' }),
      },
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'provider.data-request-read', resourceId: 'r1', subjectId: 'u1' }),
    ]);
  });

  it('emits nothing on a later open', async () => {
    const fake = fakeUseCaseKit();
    const repo = stub<DataRequestRepository>({
      findForStaff: jest.fn().mockResolvedValue(stored({ seen_at: new Date() })),
      timeline: jest.fn().mockResolvedValue([]),
    });
    await new GetDataRequest(fake.kit, repo).execute('staff-1', 'r1', testCaller('staff-1'));
    expect(fake.events).toEqual([]);
  });

  it("answers 404 for another facility's request", async () => {
    const fake = fakeUseCaseKit();
    await expect(
      new GetDataRequest(
        fake.kit,
        stub<DataRequestRepository>({ findForStaff: jest.fn().mockResolvedValue(null) }),
      ).execute('staff-2', 'r1', testCaller('staff-2')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    expect(fake.events).toEqual([]);
  });
});
