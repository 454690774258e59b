import { Injectable } from '@nestjs/common';
import type { FamilyMember } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { FamilyMemberRepository } from '../family-member.repository';

@Injectable()
export class ListFamilyMembers {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly members: FamilyMemberRepository,
  ) {}

  execute(userId: string): Promise<FamilyMember[]> {
    return this.members.list(this.kit.db, userId);
  }
}
