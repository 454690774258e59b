import { Injectable } from '@nestjs/common';
import { MESSAGES, type ResendVerificationAnswer } from '@portal/contracts';
import { type Caller, type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { UserRepository } from '../../accounts/user.repository';
import { accountGone } from '../../auth.errors';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import { EmailProofs } from '../email-proofs';

/** Links a signed-in account may ask for in an hour: the address may be someone else's mailbox. */
export const RESENDS_PER_HOUR = 5;

/**
 * POST resendVerification (signed in): a new link to prove the caller's own address, the older ones
 * used up; nothing is mailed once it is proved. Limited per account (RESENDS_PER_HOUR), counted
 * before anything is read.
 */
@Injectable()
export class ResendVerification {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly proofs: EmailProofs,
    private readonly limit: AccountRateLimit,
  ) {}

  async execute(claims: CurrentUserClaims, caller: Caller): Promise<ResendVerificationAnswer> {
    await this.limit.hit('verification', claims.sub, { max: RESENDS_PER_HOUR, windowMs: 3600_000 });
    const user = await this.users.findById(this.kit.db, claims.sub);
    if (!user) throw accountGone();
    if (user.emailVerified) return { message: MESSAGES.emailAlreadyVerified, emailVerified: true };
    await this.proofs.mailLink(user, caller);
    return { message: MESSAGES.verificationSent, emailVerified: false };
  }
}
