import { Injectable } from '@nestjs/common';
import { MEMBERSHIP_REMINDER_DAYS } from '@portal/contracts';
import { InjectContext, SYSTEM_CALLER, type UseCaseKit } from '@portal/server-kit';
import { GroupMails } from '../group-mails';
import { MembershipRepository } from '../membership.repository';

const BATCH = 100;
const DAY_MS = 86_400_000;

/**
 * Reminds each member once, MEMBERSHIP_REMINDER_DAYS before their membership ends (Updox's expiring
 * grants: a lapse should never be a surprise). The reminder is marked in the transaction that picks
 * the memberships (locked, skipping those another process is reminding), then mailed; a new expiry
 * set by the admin gets a reminder of its own. Answers how many were reminded.
 */
@Injectable()
export class SendExpiryReminders {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly memberships: MembershipRepository,
    private readonly mails: GroupMails,
  ) {}

  async execute(now: Date = new Date()): Promise<number> {
    const until = new Date(now.getTime() + MEMBERSHIP_REMINDER_DAYS * DAY_MS);
    let reminded = 0;
    for (;;) {
      const due = await this.kit.transaction(async (tx) => {
        const rows = await this.memberships.lockDueReminders(tx, until, BATCH);
        if (!rows.length) return rows;
        await this.memberships.markReminded(
          tx,
          rows.map((r) => r.id),
        );
        for (const r of rows)
          await this.kit.audit.record(tx, SYSTEM_CALLER, {
            action: 'groups.expiry-reminded',
            resourceType: 'membership',
            resourceId: r.id,
            subjectId: r.user_id,
            detail: { groupId: r.group_id, expiresAt: r.expires_at },
          });
        return rows;
      });
      for (const r of due)
        await this.mails.expiryReminder({
          to: r.email,
          firstName: r.first_name,
          groupName: r.group_name,
          expiresAt: r.expires_at!,
        });
      reminded += due.length;
      if (due.length < BATCH) return reminded;
    }
  }
}
