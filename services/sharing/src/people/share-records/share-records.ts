import { Injectable } from '@nestjs/common';
import type { SharedPerson } from '@portal/contracts';
import type { InferType } from 'yup';
import type { shareRecordsSchema } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../../library/library.repository';
import { ownerName } from '../owner-name';
import { SharedPersonRepository } from '../shared-person.repository';
import { ShareMails } from '../share-mails';
import { ShareWithPerson } from '../share-with-person';

/**
 * POST shareRecords (records spec §3 invite payload): the owner invites one person with all records or
 * limited access to the listed ones. The person is mailed (an invitation link to sign up, or a sign-in
 * link when they have an account); the owner is told the invitation went out when that notification is on.
 */
@Injectable()
export class ShareRecords {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly share: ShareWithPerson,
    private readonly people: SharedPersonRepository,
    private readonly library: LibraryRepository,
    private readonly mails: ShareMails,
  ) {}

  async execute(
    ownerUserId: string,
    input: InferType<typeof shareRecordsSchema>,
    caller: Caller,
  ): Promise<SharedPerson> {
    const [person] = input.notificationRecipient;
    const { row, created } = await this.kit.transaction((tx) =>
      this.share.execute(
        tx,
        ownerUserId,
        person,
        {
          allRecords: input.allRecords,
          records: input.allRecords ? [] : input.limitedaccess,
          expiresAt: input.expiresAt ?? undefined,
        },
        caller,
      ),
    );
    const name = await ownerName(this.library, this.kit.db, ownerUserId);
    await this.mails.invite(this.kit.db, row, name, created);
    await this.mails.toOwner(
      this.kit.db,
      ownerUserId,
      'SHARING_INVITATION_SENT_NOTIFICATION',
      'Your invitation was sent',
      `Your invitation to ${row.first_name} ${row.last_name} (${row.email}) to see your records was sent.`,
    );
    return (await this.people.listByOwner(this.kit.db, ownerUserId)).find(
      (p) => p.patient_portal_user_id === row.id,
    )!;
  }
}
