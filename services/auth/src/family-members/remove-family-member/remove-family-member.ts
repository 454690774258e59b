import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit, isUuid } from '@portal/server-kit';
import { familyMemberNotFound } from '../../auth.errors';
import { FamilyMemberRepository } from '../family-member.repository';

/** DELETE familyMembers/{id}: only the user's own member; anything else answers 404. */
@Injectable()
export class RemoveFamilyMember {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly members: FamilyMemberRepository,
  ) {}

  async execute(userId: string, id: string, caller: Caller): Promise<{ message: string }> {
    if (!isUuid(id)) throw familyMemberNotFound();
    await this.kit.transaction(async (tx) => {
      if (!(await this.members.remove(tx, userId, id))) throw familyMemberNotFound();
      await this.kit.events.record(tx, 'auth.family-member-removed', { userId, familyMemberId: id });
      await this.kit.audit.record(tx, caller, {
        action: 'identity.family-member-removed',
        resourceType: 'family-member',
        resourceId: id,
        subjectId: userId,
      });
    });
    return { message: MESSAGES.entryDeleted };
  }
}
