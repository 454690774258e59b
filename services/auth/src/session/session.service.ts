import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ROLE_NAMES, ROLES, type LoginResponse, type RoleMnemonic, type UserRole } from '@portal/contracts';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { UserEntity } from '../entities';
import { TokenService } from '../tokens/token.service';

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
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly tokens: TokenService,
  ) {}

  async open(tx: EntityManager, user: UserEntity, remember: boolean, familyId?: string, refreshToken?: string): Promise<LoginResponse> {
    const refresh = refreshToken && familyId ? { refreshToken, familyId } : await this.tokens.issueRefresh(tx, user.id, remember);
    return this.answer(user, refresh.refreshToken, refresh.familyId);
  }

  async answer(user: UserEntity, refreshToken: string, sid: string): Promise<LoginResponse> {
    const roles = (user.roles ?? []).filter((r) => r.active).map((r) => r.mnemonic);
    const role = roles.includes(user.activeRole) ? user.activeRole : roles[0];
    const { token, expiryTime } = await this.tokens.signAccess({ sub: user.id, sid, personId: user.personId, email: user.email, roles, role });
    return {
      token,
      refresh_token: refreshToken,
      expiryTime,
      role: toUserRole(role, true),
      userId: user.id,
      challenge: null,
      user: { userId: user.id, personId: user.personId, firstName: user.firstName, lastName: user.lastName, email: user.email, role: { mnemonic: role }, roles },
    };
  }

  findUser(tx: EntityManager, where: { id: string } | { email: string }): Promise<UserEntity | null> {
    return tx.getRepository(UserEntity).findOne({ where, relations: { roles: true } });
  }

  get ds() {
    return this.kit.ds;
  }
}
