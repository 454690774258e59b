import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import { FamilyMemberRepository } from '../family/family-member.repository';
import { personNotFound } from './library.errors';

/**
 * Whose library a call is about: no personId is all of the caller's records; the caller's own person
 * or one of their family members narrows it to that person; anyone else is a 404 (like a missing person).
 */
@Injectable()
export class PersonScope {
  constructor(private readonly familyMembers: FamilyMemberRepository) {}

  async resolve(
    db: Queryable,
    user: { sub: string; personId: string },
    personId: string | undefined | null,
  ): Promise<string | null> {
    if (!personId) return null;
    if (personId === user.personId) return personId;
    if (await this.familyMembers.findOwned(db, user.sub, personId)) return personId;
    throw personNotFound();
  }
}
