import { Injectable } from '@nestjs/common';
import { ROLE_NAMES, ROLES, type LoginResponse, type RoleMnemonic, type UserRole } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import type { Account } from '../accounts/user.repository';
import { TokenService } from './token.service';

/** Role as the spec shapes it; ids are the mnemonic's place in the fixed role list. */
export const toUserRole = (mnemonic: RoleMnemonic, active: boolean): UserRole => ({
  id: ROLES.indexOf(mnemonic) + 1,
  role: ROLE_NAMES[mnemonic],
  active,
  role_mnemonic: mnemonic,
  mnemonic,
});

/** Builds the login answer (token, role, userId, challenge, user data) for a signed-in user. */
@Injectable()
export class SessionService {
  constructor(private readonly tokens: TokenService) {}

  /** A new session (refresh-token family) inside the caller's transaction, and its answer. */
  async open(tx: Queryable, user: Account, remember: boolean): Promise<LoginResponse> {
    const refresh = await this.tokens.issueRefresh(tx, user.id, remember);
    return this.answer(user, refresh.refreshToken, refresh.familyId);
  }

  async answer(user: Account, refreshToken: string, sid: string): Promise<LoginResponse> {
    const roles = user.roles;
    const role = roles.includes(user.activeRole) ? user.activeRole : roles[0];
    const { token, expiryTime } = await this.tokens.signAccess({
      sub: user.id,
      sid,
      personId: user.personId,
      email: user.email,
      roles,
      role,
    });
    return {
      token,
      refresh_token: refreshToken,
      expiryTime,
      role: toUserRole(role, true),
      userId: user.id,
      challenge: null,
      user: {
        userId: user.id,
        personId: user.personId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: { mnemonic: role },
        roles,
        emailVerified: user.emailVerified,
      },
    };
  }
}
