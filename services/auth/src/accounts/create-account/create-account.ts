import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, InjectContext, isUniqueViolation, type Tx, type UseCaseKit } from '@portal/server-kit';
import { emailTaken } from '../../auth.errors';
import { EmailProofs } from '../../email-verification/email-proofs';
import { AccountLinks } from '../../links/account-links';
import { NotificationSettingsService } from '../../notification-settings/notification-settings.service';
import { PersonRepository } from '../../persons/person.repository';
import { type Account, UserRepository } from '../user.repository';

/**
 * An account to create: the first role is the active one; no password hash means a set-password link is
 * mailed (using it proves the address), a password and an address not proved yet a verification link.
 */
export type NewAccount = Omit<Account, 'id' | 'personId' | 'activeRole'> & {
  /** Fixed ids (demo data); new ones otherwise. */
  ids?: { userId: string; personId: string };
};

/**
 * Account creation, the one way every account comes to be (sign-up, the wizard's register mode, the
 * demo seed): the account with its roles, its person, every notification on, the user-registered
 * event and the audit row commit together, with the set-password or verification link; `within` runs
 * in the same transaction (registerAccount opens the session there). The link is mailed after the
 * commit. A taken address answers 409.
 */
@Injectable()
export class CreateAccount {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly persons: PersonRepository,
    private readonly settings: NotificationSettingsService,
    private readonly links: AccountLinks,
    private readonly proofs: EmailProofs,
  ) {}

  async execute<T = undefined>(
    input: NewAccount,
    caller: Caller,
    action: string,
    within?: (tx: Tx, account: Account) => Promise<T>,
  ): Promise<{ account: Account; result: T }> {
    const account: Account = {
      id: input.ids?.userId ?? randomUUID(),
      personId: input.ids?.personId ?? randomUUID(),
      email: input.email.trim().toLowerCase(),
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      dateOfBirth: input.dateOfBirth,
      locale: input.locale,
      activeRole: input.roles[0],
      roles: input.roles,
      emailVerified: input.emailVerified,
    };
    let sendLink: (() => Promise<void>) | undefined;
    let result: T;
    try {
      result = await this.kit.transaction(async (tx) => {
        await this.users.insert(tx, account);
        await this.persons.insert(tx, {
          id: account.personId,
          userId: account.id,
          firstName: account.firstName,
          lastName: account.lastName,
          dateOfBirth: account.dateOfBirth,
          email: account.email,
        });
        await this.settings.allOn(tx, account);
        await this.kit.events.record(tx, 'auth.user-registered', {
          userId: account.id,
          personId: account.personId,
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          dateOfBirth: account.dateOfBirth ?? null,
          roles: account.roles,
          emailVerified: account.emailVerified,
        });
        await this.kit.audit.record(tx, caller, {
          actorId: caller.userId ?? account.id,
          action,
          resourceType: 'user',
          resourceId: account.id,
          subjectId: account.id,
        });
        if (!account.passwordHash) sendLink = (await this.links.issue(tx, account, 'SET_PASSWORD')).send;
        else if (!account.emailVerified) sendLink = (await this.proofs.issueLink(tx, account)).send;
        return (within ? await within(tx, account) : undefined) as T;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw emailTaken();
      throw e;
    }
    await sendLink?.();
    return { account, result };
  }

  /** POST createAccount: a patient without a password yet; the mailed link sets it. */
  async signUp(
    input: { email: string; firstName: string; lastName: string; dateOfBirth: string; locale: string },
    caller: Caller,
  ): Promise<{ userId: string; message: string }> {
    const { account } = await this.execute(
      { ...input, passwordHash: null, roles: ['PATIENT'], emailVerified: false },
      caller,
      'auth.account-created',
    );
    return { userId: account.id, message: MESSAGES.setPasswordSent };
  }
}
