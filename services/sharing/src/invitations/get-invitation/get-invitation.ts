import { Injectable } from '@nestjs/common';
import { type InvitationView, MESSAGES } from '@portal/contracts';
import { InjectContext, InvitationTokens, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../../library/library.repository';
import { ownerName } from '../../people/owner-name';
import { SharedPersonRepository } from '../../people/shared-person.repository';
import { invitationUnavailable } from '../../sharing.errors';

/**
 * GET sharing/invitations/{token} (public): what sign-up shows to an invited person. A forged or expired
 * token, or a person the patient has removed since, answers 400 with the same message.
 */
@Injectable()
export class GetInvitation {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly tokens: InvitationTokens,
    private readonly people: SharedPersonRepository,
    private readonly library: LibraryRepository,
  ) {}

  async execute(token: string): Promise<InvitationView> {
    const claims = await this.tokens.verify(token, MESSAGES.invitationUnavailable);
    const row = await this.people.find(this.kit.db, claims.ownerUserId, claims.recipientId);
    if (!row || row.email !== claims.email) throw invitationUnavailable();
    return {
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      sharedBy: await ownerName(this.library, this.kit.db, row.owner_user_id),
      hasAccount: (await this.library.accountByEmail(this.kit.db, row.email)) !== null,
    };
  }
}
