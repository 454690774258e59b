import { Injectable } from '@nestjs/common';
import type { LoginResponse } from '@portal/contracts';
import type { Caller } from '@portal/server-kit';
import { hashPassword } from '../../sessions/passwords';
import { SessionService } from '../../sessions/session.service';
import { CreateAccount } from '../create-account/create-account';

/** POST registerAccount {email, password}: the wizard's sign-up mode; the new patient is signed in at once. */
@Injectable()
export class RegisterAccount {
  constructor(
    private readonly createAccount: CreateAccount,
    private readonly sessions: SessionService,
  ) {}

  async execute(input: { email: string; password: string }, caller: Caller): Promise<LoginResponse> {
    const passwordHash = await hashPassword(input.password);
    const { result } = await this.createAccount.execute(
      { email: input.email, passwordHash, firstName: '', lastName: '', dateOfBirth: null, locale: 'UTC', roles: ['PATIENT'] },
      caller,
      'auth.account-registered',
      (tx, account) => this.sessions.open(tx, account, false),
    );
    return result;
  }
}
