import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { aMembership } from '../../groups.fixtures';
import type { GroupMails } from '../group-mails';
import type { MembershipRepository } from '../membership.repository';
import { SendExpiryReminders } from './send-expiry-reminders';

describe('SendExpiryReminders', () => {
  it('marks each due membership reminded in the transaction that picks it, then mails its member once', async () => {
    const fake = fakeUseCaseKit();
    const due = {
      ...aMembership({ status: 'ACTIVE', expires_at: new Date('2026-01-11T23:59:59.999Z') }),
      identity_saved: null,
      group_name: 'Cardiology Patients',
    };
    const lockDueReminders = jest.fn().mockResolvedValueOnce([due]).mockResolvedValue([]);
    const markReminded = jest.fn();
    const expiryReminder = jest.fn(async () => undefined);
    const useCase = new SendExpiryReminders(
      fake.kit,
      stub<MembershipRepository>({ lockDueReminders, markReminded }, 'memberships'),
      stub<GroupMails>({ expiryReminder }, 'mails'),
    );
    await expect(useCase.execute(new Date('2026-01-01T00:00:00Z'))).resolves.toBe(1);
    expect(lockDueReminders).toHaveBeenCalledWith(fake.tx, new Date('2026-01-15T00:00:00Z'), 100);
    expect(markReminded).toHaveBeenCalledWith(fake.tx, ['m1']);
    expect(expiryReminder).toHaveBeenCalledWith({
      to: 'pat@example.com',
      firstName: 'Pat',
      groupName: 'Cardiology Patients',
      expiresAt: due.expires_at,
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'groups.expiry-reminded', resourceId: 'm1' }),
    ]);
  });
});
