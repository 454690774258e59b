import { Injectable } from '@nestjs/common';
import { isRoleMnemonic, type LoginResponse } from '@portal/contracts';
import { type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { roleNotHeld, userNotFound } from '../../auth.errors';
import { SessionService } from '../../sessions/session.service';
import { UserRepository } from '../user.repository';

/** POST switchRole: a new access token for the same session with another role the user holds. */
@Injectable()
export class SwitchRole {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
  ) {}

  async execute(claims: CurrentUserClaims, role: string): Promise<Omit<LoginResponse, 'refresh_token'>> {
    const user = await this.users.findById(this.kit.db, claims.sub);
    if (!user) throw userNotFound();
    if (!isRoleMnemonic(role) || !user.roles.includes(role)) throw roleNotHeld();
    await this.users.setActiveRole(this.kit.db, user.id, role);
    // Same session, same refresh token: only the access token changes.
    const { refresh_token: _kept, ...answer } = await this.sessions.answer(
      { ...user, activeRole: role },
      '',
      claims.sid,
    );
    return answer;
  }
}
