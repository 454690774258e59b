import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { GrantGroupRole } from '../accounts/grant-group-role/grant-group-role';

/** A coordinator or admin who accepted a group's invitation gets the role (groups.membership-changed). */
@Injectable()
export class GroupRoleConsumers implements OnModuleInit {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly grantGroupRole: GrantGroupRole,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('group-roles', ['groups.membership-changed'], ({ payload }, tx) =>
      this.grantGroupRole.execute(tx, payload),
    );
  }
}
