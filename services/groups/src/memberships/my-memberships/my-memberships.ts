import { Injectable } from '@nestjs/common';
import type { MyMembership } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { MembershipRepository } from '../membership.repository';

/**
 * GET groups/myMemberships: the caller's own pending and active memberships (their settings: which
 * groups may act for them, what they consented to, who the coordinators are, and Leave).
 */
@Injectable()
export class MyMemberships {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly memberships: MembershipRepository,
  ) {}

  execute(userId: string): Promise<MyMembership[]> {
    return this.memberships.ofUser(this.kit.db, userId, ['PENDING', 'ACTIVE']);
  }
}
