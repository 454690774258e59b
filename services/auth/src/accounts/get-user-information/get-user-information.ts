import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import { UserRepository } from '../user.repository';

/**
 * POST getUserInformation {email} (signed in): the person id of the caller's own address, else 'Person
 * entry not found'. Nobody may learn another account's person id from its address, nor whether it has
 * one: the caller may act for no other account (family members are persons of the caller's, with no
 * address of their own). Only the caller's account is read, so the answer takes the same time either way.
 */
@Injectable()
export class GetUserInformation {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly limit: AccountRateLimit,
  ) {}

  async execute(claims: Pick<CurrentUserClaims, 'sub'>, email: string): Promise<string> {
    await this.limit.hit('lookup', email);
    const me = await this.users.findById(this.kit.db, claims.sub);
    return me && me.email === email.trim().toLowerCase() ? me.personId : MESSAGES.personEntryNotFound;
  }
}
