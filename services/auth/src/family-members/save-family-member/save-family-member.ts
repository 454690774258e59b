import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type FamilyMember, MESSAGES } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit, isUuid } from '@portal/server-kit';
import { familyMemberNotFound } from '../../auth.errors';
import { type FamilyMemberFields, FamilyMemberRepository } from '../family-member.repository';

/**
 * POST familyMembers (a new member) and PUT familyMembers/{id} (one of the user's own): the write is
 * scoped to the owner and audited in the same transaction; another user's member answers 404.
 */
@Injectable()
export class SaveFamilyMember {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly members: FamilyMemberRepository,
  ) {}

  /** `existingId` updates that member; without it a member is added (with `newId` when a seed fixes it). */
  async execute(
    userId: string,
    fields: FamilyMemberFields,
    caller: Caller,
    target: { existingId: string } | { newId?: string } = {},
  ): Promise<{ message: string; member: FamilyMember }> {
    const updating = 'existingId' in target;
    const id = updating ? target.existingId : (target.newId ?? randomUUID());
    if (!isUuid(id)) throw familyMemberNotFound();
    const member = await this.kit.transaction(async (tx) => {
      const saved = updating
        ? await this.members.update(tx, userId, id, fields)
        : await this.members.insert(tx, userId, id, fields);
      if (!saved) throw familyMemberNotFound();
      // The requests context offers family members in the wizard from its own projection of this fact.
      await this.kit.events.record(tx, 'auth.family-member-saved', {
        userId,
        familyMember: { id: saved.id, first_name: saved.first_name, last_name: saved.last_name },
      });
      await this.kit.audit.record(tx, caller, {
        actorId: userId,
        action: updating ? 'identity.family-member-updated' : 'identity.family-member-added',
        resourceType: 'family-member',
        resourceId: id,
        subjectId: userId,
      });
      return saved;
    });
    return { message: MESSAGES.entrySaved, member };
  }
}
