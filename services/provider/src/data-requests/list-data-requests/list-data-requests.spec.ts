import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DataRequestRepository, StoredDataRequest } from '../data-request.repository';
import { ListDataRequests } from './list-data-requests';

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
  document_requests: [{ id: 'd1', patient_request_id: 'r1', type: 'REPORTS', rejection: null }],
  ...over,
});

describe('ListDataRequests', () => {
  it("asks only for the requests of the staff member's facilities, with days left per open row, and audits the read", async () => {
    const fake = fakeUseCaseKit();
    const custodiansOf = jest.fn().mockResolvedValue(['c1']);
    const page = jest.fn().mockResolvedValue({
      total: 2,
      overdue: 0,
      dueSoon: 0,
      rows: [stored(), stored({ id: 'r2', uploaded_at: new Date() })],
    });
    const q = { search: 'pat', page: 0, pageSize: 50 };
    const answer = await new ListDataRequests(
      fake.kit,
      stub<DataRequestRepository>({ custodiansOf, page }, 'dataRequests'),
    ).execute('staff-1', q, testCaller('staff-1'));
    expect(custodiansOf).toHaveBeenCalledWith(expect.anything(), 'staff-1');
    expect(page).toHaveBeenCalledWith(expect.anything(), ['c1'], q);
    expect(answer.total).toBe(2);
    expect(answer.rows[0]).toMatchObject({
      id: 'r1',
      days_left: 30,
      document_request: [
        { id: 'd1', document_request_type: { mnemonic: 'REPORTS', name: 'Reports' }, rejection: null },
      ],
    });
    expect(answer.rows[1].days_left).toBeNull();
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'provider.inbox-read',
        detail: expect.objectContaining({ rows: ['r1', 'r2'] }),
      }),
    ]);
  });
});
