import { Injectable } from '@nestjs/common';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { invalidEmail } from '../../auth.errors';
import { AccountRateLimit } from '../../limits/account-rate-limit';
import { UserRepository } from '../user.repository';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** GET checkUserEmail/{email}: whether an account exists, limited per address and per account. */
@Injectable()
export class CheckUserEmail {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly limit: AccountRateLimit,
  ) {}

  async execute(email: string): Promise<{ userExist: boolean }> {
    if (!EMAIL.test(email)) throw invalidEmail();
    await this.limit.hit('lookup', email);
    return { userExist: await this.users.existsByEmail(this.kit.db, email) };
  }
}
