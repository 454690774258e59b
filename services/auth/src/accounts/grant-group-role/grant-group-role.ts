import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { InjectContext, type Queryable, SYSTEM_CALLER, type UseCaseKit } from '@portal/server-kit';
import { UserRepository } from '../user.repository';

/**
 * A person accepted a group's invitation as its coordinator or admin (groups.membership-changed, ACTIVE):
 * their account gets that role, so they can switch to it and reach the groups area (spec: each role
 * unlocks its own routes). The role stays when the membership ends: it opens no one's data by itself,
 * only live memberships do (the member rule). Applied once per event; a role already held changes nothing.
 */
@Injectable()
export class GrantGroupRole {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly users: UserRepository,
  ) {}

  async execute(tx: Queryable, e: EventPayloads['groups.membership-changed']): Promise<void> {
    if (e.status !== 'ACTIVE' || e.role === 'PATIENT') return;
    if (!(await this.users.addRole(tx, e.userId, e.role))) return;
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      actorId: null,
      action: 'auth.group-role-granted',
      resourceType: 'user',
      resourceId: e.userId,
      subjectId: e.userId,
      detail: { role: e.role, groupId: e.groupId, membershipId: e.membershipId },
    });
  }
}
