import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type Queryable, type Tx, type UseCaseKit } from '@portal/server-kit';
import { type Account, UserRepository } from '../accounts/user.repository';
import { AccountLinks, type IssuedLink, type LinkPurpose } from '../links/account-links';

type Holder = Pick<Account, 'id' | 'email' | 'firstName'>;

/** The links that were mailed to the account's address: using one proves that the owner reads it. */
export const MAILED_PROOF: readonly LinkPurpose[] = ['SET_PASSWORD', 'RESET_PASSWORD', 'VERIFY_EMAIL'];

/**
 * Proved addresses: an address grants nothing (shares reach an account only through sharing's
 * projection of these facts) until a link mailed to it is used. The verification link names the
 * address it went to, so it proves nothing once the account has moved to another one.
 */
@Injectable()
export class EmailProofs {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly links: AccountLinks,
  ) {}

  /** The verification link, stored in the caller's transaction (sign-up); mail it once that has committed. */
  issueLink(tx: Queryable, account: Holder): Promise<IssuedLink> {
    return this.links.issue(tx, account, 'VERIFY_EMAIL', { payload: { email: account.email } });
  }

  /** A new verification link on its own, audited, mailed after its commit. */
  mailLink(account: Holder, caller: Caller): Promise<void> {
    return this.links.mail(
      account,
      'VERIFY_EMAIL',
      { caller, action: 'auth.verification-link-sent' },
      { payload: { email: account.email } },
    );
  }

  /**
   * The address `email` of the account is proved by a link of `purpose` (in the caller's transaction):
   * marked once, announced with `auth.email-verified` and audited. Answers false when it was proved
   * already or the account no longer has that address.
   */
  async prove(
    tx: Tx,
    account: Pick<Account, 'id'>,
    email: string,
    purpose: LinkPurpose,
    caller: Caller,
  ): Promise<boolean> {
    const at = await this.users.markEmailVerified(tx, account.id, email);
    if (!at) return false;
    await this.kit.events.record(tx, 'auth.email-verified', {
      userId: account.id,
      email,
      at: new Date(at).toISOString(),
    });
    await this.kit.audit.record(tx, caller, {
      actorId: account.id,
      action: 'auth.email-verified',
      resourceType: 'user',
      resourceId: account.id,
      subjectId: account.id,
      detail: { purpose },
    });
    return true;
  }
}
