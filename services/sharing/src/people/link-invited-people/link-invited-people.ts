import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { LibraryRepository } from '../../library/library.repository';
import { AccessSnapshots } from '../access-snapshots';
import { SharedPersonRepository } from '../shared-person.repository';

/**
 * Shares reach an account only through a proved address: once the account's holder proved it (a link
 * mailed there, an invitation link, a confirmed change), every person invited at that address, by any
 * owner but the account itself, is linked to the account and their access announced again, naming the
 * viewer. An address nobody proved gets nothing shared with it.
 */
@Injectable()
export class LinkInvitedPeople {
  constructor(
    private readonly library: LibraryRepository,
    private readonly people: SharedPersonRepository,
    private readonly snapshots: AccessSnapshots,
  ) {}

  /** The holder proved the address at `at`: linked while it is still theirs (a proof of an address left since proves nothing now). */
  async addressProved(tx: Tx, p: EventPayloads['auth.email-verified']): Promise<void> {
    if (await this.library.markProved(tx, p.userId, p.email, p.at)) await this.link(tx, p.userId, p.email);
  }

  /** Links every person invited at the (proved) address to the account. */
  async link(tx: Tx, userId: string, email: string): Promise<void> {
    const invited = (await this.people.lockAllByEmail(tx, email)).filter(
      (r) => r.recipient_user_id !== userId && r.owner_user_id !== userId,
    );
    if (!invited.length) return;
    await this.people.linkAccount(
      tx,
      invited.map((r) => r.id),
      userId,
    );
    for (const r of invited) await this.snapshots.publish(tx, r);
  }
}
