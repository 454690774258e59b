import { Injectable } from '@nestjs/common';
import { type LoginResponse, MESSAGES, type RoleMnemonic } from '@portal/contracts';
import { type Caller, fieldInvalid, InvitationTokens } from '@portal/server-kit';
import { hashPassword } from '../../sessions/passwords';
import { SessionService } from '../../sessions/session.service';
import { CreateAccount } from '../create-account/create-account';

/**
 * POST registerAccount {email, password, invitation?}: the wizard's sign-up mode, the new patient signed
 * in at once; a link mailed to the address proves it later. With a sharing invitation (verified by its
 * signature, no read of sharing's data) the account is an EXTERNAL_VIEWER's and must use the invited
 * address: the link reached that mailbox, so the address is proved at once.
 */
@Injectable()
export class RegisterAccount {
  constructor(
    private readonly createAccount: CreateAccount,
    private readonly sessions: SessionService,
    private readonly invitations: InvitationTokens,
  ) {}

  async execute(
    input: { email: string; password: string; invitation?: string | null },
    caller: Caller,
  ): Promise<LoginResponse> {
    const invited = Boolean(input.invitation);
    const roles: RoleMnemonic[] = invited ? ['EXTERNAL_VIEWER'] : ['PATIENT'];
    if (input.invitation) {
      const claims = await this.invitations.verify(input.invitation, MESSAGES.invitationUnavailable);
      if (claims.email !== input.email.trim().toLowerCase())
        throw fieldInvalid('email', MESSAGES.invitationEmailMismatch);
    }
    const passwordHash = await hashPassword(input.password);
    const { result } = await this.createAccount.execute(
      {
        email: input.email,
        passwordHash,
        firstName: '',
        lastName: '',
        dateOfBirth: null,
        locale: 'UTC',
        roles,
        emailVerified: invited,
      },
      caller,
      'auth.account-registered',
      (tx, account) => this.sessions.open(tx, account, false),
    );
    return result;
  }
}
