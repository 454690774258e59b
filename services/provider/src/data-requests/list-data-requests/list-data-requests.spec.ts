import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DataRequestRepository, StoredDataRequest } from '../data-request.repository';
import { InboxPages } from './inbox-pages';
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
  const setup = () => {
    const fake = fakeUseCaseKit();
    const inboxesOf = jest.fn().mockResolvedValue([{ custodianId: 'c1', version: '7' }]);
    const page = jest.fn().mockResolvedValue({
      total: 2,
      overdue: 0,
      dueSoon: 0,
      rows: [stored(), stored({ id: 'r2', uploaded_at: new Date() })],
    });
    const useCase = new ListDataRequests(
      fake.kit,
      stub<DataRequestRepository>({ inboxesOf, page }, 'dataRequests'),
      new InboxPages(),
    );
    return { fake, inboxesOf, page, useCase };
  };
  const q = { search: 'pat', page: 0, pageSize: 50 };

  it("asks only for the requests of the staff member's facilities, with days left per open row, and audits the read", async () => {
    const { fake, inboxesOf, page, useCase } = setup();
    const answer = await useCase.execute('staff-1', q, testCaller('staff-1'));
    expect(inboxesOf).toHaveBeenCalledWith(expect.anything(), 'staff-1');
    expect(page).toHaveBeenCalledWith(expect.anything(), ['c1'], q, expect.any(Date));
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

  it('answers the same page again while the versions hold, still looking the facilities up and auditing each read; a new version reads again', async () => {
    const { fake, inboxesOf, page, useCase } = setup();
    const first = await useCase.execute('staff-1', q, testCaller('staff-1'));
    expect(await useCase.execute('staff-2', q, testCaller('staff-2'))).toBe(first);
    expect(page).toHaveBeenCalledTimes(1);
    expect(inboxesOf).toHaveBeenCalledTimes(2);
    expect(fake.audit).toHaveLength(2);
    inboxesOf.mockResolvedValue([{ custodianId: 'c1', version: '8' }]);
    // Readers arriving together after a change share one read of the new page.
    const [a, b, c] = await Promise.all(
      ['staff-1', 'staff-2', 'staff-3'].map((s) => useCase.execute(s, q, testCaller(s))),
    );
    expect(page).toHaveBeenCalledTimes(2);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(a).not.toBe(first);
  });

  it('keeps nothing when the read fails: the next read tries again', async () => {
    const { page, useCase } = setup();
    page.mockRejectedValueOnce(new Error('connection lost'));
    await expect(useCase.execute('staff-1', q, testCaller('staff-1'))).rejects.toThrow('connection lost');
    expect((await useCase.execute('staff-1', q, testCaller('staff-1'))).total).toBe(2);
    expect(page).toHaveBeenCalledTimes(2);
  });
});

describe('InboxPages.key', () => {
  const inbox = [{ custodianId: 'c1', version: '1' }];
  const q = { search: '', page: 0, pageSize: 50 };
  const day = new Date('2026-11-28T10:00:00Z');
  it('is the same for the same facilities, versions, UTC day and query, and differs when any of them does', () => {
    const key = InboxPages.key(inbox, q, day);
    expect(InboxPages.key(inbox, { ...q, sort: 'created' }, new Date('2026-11-28T23:59:59Z'))).toBe(key);
    for (const other of [
      InboxPages.key([{ custodianId: 'c1', version: '2' }], q, day),
      InboxPages.key([{ custodianId: 'c2', version: '1' }], q, day),
      InboxPages.key([...inbox, { custodianId: 'c2', version: '1' }], q, day),
      InboxPages.key([], q, day),
      InboxPages.key(inbox, q, new Date('2026-11-29T00:00:00Z')),
      InboxPages.key(inbox, { ...q, search: 'pat' }, day),
      InboxPages.key(inbox, { ...q, sort: 'due' }, day),
      InboxPages.key(inbox, { ...q, page: 1 }, day),
      InboxPages.key(inbox, { ...q, pageSize: 20 }, day),
    ])
      expect(other).not.toBe(key);
  });
});
