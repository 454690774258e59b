import { Injectable } from '@nestjs/common';
import { type FamilyMemberOption, MYSELF_ID } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { FamilyMemberRepository } from '../family-member.repository';

/**
 * GET getFamilyMembers: Myself first (named as the user when auth told us the name), then the
 * caller's own family members from the projection of auth's events.
 */
@Injectable()
export class ListFamilyMembers {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly members: FamilyMemberRepository,
  ) {}

  async execute(userId: string): Promise<FamilyMemberOption[]> {
    const [me, members] = await Promise.all([
      this.members.requester(this.kit.db, userId),
      this.members.listByUser(this.kit.db, userId),
    ]);
    const myself: FamilyMemberOption = me
      ? { id: MYSELF_ID, first_name: me.first_name, last_name: me.last_name }
      : { id: MYSELF_ID, first_name: 'Myself', last_name: '' };
    return [myself, ...members];
  }
}
