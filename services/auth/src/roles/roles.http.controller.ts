import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MESSAGES, switchRoleSchema, type UserRole } from '@portal/contracts';
import { AppError, type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, notFound, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { UserEntity } from '../entities';
import { SessionService, toUserRole } from '../session/session.service';

@ApiTags('auth')
@Controller('user')
export class RolesController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly sessions: SessionService,
  ) {}

  /** GET /api/user/roles: every role the user holds, the active one marked. */
  @Get('roles')
  roles(@CurrentUser() user: CurrentUserClaims): UserRole[] {
    return user.roles.map((r) => toUserRole(r, r === user.role));
  }

  @Get('role')
  role(@CurrentUser() user: CurrentUserClaims): UserRole {
    return toUserRole(user.role, true);
  }

  /** POST /api/user/switchRole: a new access token for the same session with another held role. */
  @Post('switchRole')
  @HttpCode(200)
  async switchRole(@CurrentUser() claims: CurrentUserClaims, @Body(validate(switchRoleSchema)) body: InferType<typeof switchRoleSchema>) {
    const user = await this.sessions.findUser(this.kit.ds.manager, { id: claims.sub });
    if (!user) throw notFound('User');
    const held = user.roles.filter((r) => r.active).map((r) => r.mnemonic as string);
    if (!held.includes(body.role)) throw new AppError('AUTH.FORBIDDEN', MESSAGES.forbidden);
    await this.kit.ds.getRepository(UserEntity).update({ id: user.id }, { activeRole: body.role as UserEntity['activeRole'] });
    user.activeRole = body.role as UserEntity['activeRole'];
    // Same session, same refresh token: only the access token changes.
    const { refresh_token: _kept, ...answer } = await this.sessions.answer(user, '', claims.sid);
    return answer;
  }
}
